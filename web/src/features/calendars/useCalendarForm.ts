import { useReducer, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { errorCode, errorIssues } from '../../shared/errorMessages';
import { showSuccess } from '../../shared/toaster';
import {
  initialValues,
  problemsFromIssues,
  toCalendarBody,
  validateCalendar,
  type CalendarFormMode,
  type CalendarFormProblems,
} from './calendarForm';
import { calendarFormReducer, initialCalendarForm } from './calendarFormState';
import { useCreateCalendarMutation, useUpdateCalendarMutation } from './calendarsApi';
import { isLaneProblem } from './lanes/laneRules';
import { calendarPrefillOf, type SavedCalendarState } from './prefill';
import type { Calendar } from './types';

export const listPath = '/admin/calendars';

/**
 * The calendar form's state and save: the §5 checks run before sending and show once Save was tried, the server's
 * refusals land on their fields; either opens the tab of the first problem. Saving shows the §8 banner and goes back
 * to the list; a copy (no ids) creates a new calendar.
 */
export function useCalendarForm(mode: CalendarFormMode, calendar: Calendar | undefined) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // A new calendar may start from settings handed over in the router state (a request for a new calendar).
  const routerState: unknown = useLocation().state;
  const prefill = mode === 'new' ? calendarPrefillOf(routerState) : null;
  const [createCalendar, creation] = useCreateCalendarMutation();
  const [updateCalendar, update] = useUpdateCalendarMutation();
  const [state, dispatch] = useReducer(calendarFormReducer, undefined, () =>
    initialCalendarForm(
      initialValues(mode, calendar, (name, lng) => t('calendarForm.copyName', { name, lng }), prefill?.settings),
    ),
  );

  const problems = validateCalendar(state.values);
  const shownProblems: CalendarFormProblems = { ...state.serverProblems, ...(state.attempted ? problems : {}) };
  const message = (field: string) => {
    const problem = shownProblems[field];
    if (!problem) return undefined;
    return isLaneProblem(problem) ? t(`lanes.problems.${problem}`) : t(`calendarForm.problems.${problem}`);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    dispatch({ type: 'submitted', problems });
    if (Object.keys(problems).length > 0) return;
    const body = toCalendarBody(state.values);
    const answer =
      mode === 'edit' && calendar ? await updateCalendar({ id: calendar.id, body }) : await createCalendar(body);
    if ('error' in answer) {
      dispatch({
        type: 'refused',
        problems: problemsFromIssues(errorCode(answer.error), errorIssues(answer.error), body),
        failure: answer.error,
      });
      return;
    }
    showSuccess(
      mode === 'edit'
        ? t('calendarForm.saved')
        : mode === 'copy'
          ? t('calendarForm.copied')
          : t('calendarForm.created'),
    );
    if (prefill?.returnTo) {
      const saved: SavedCalendarState = { savedCalendarId: answer.data.id };
      void navigate(prefill.returnTo, { state: saved });
    } else void navigate(listPath);
  }

  return {
    ...state,
    dispatch,
    shownProblems,
    message,
    saving: creation.isLoading || update.isLoading,
    onSubmit: (event: FormEvent) => void onSubmit(event),
  };
}
