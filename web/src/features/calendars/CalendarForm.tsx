import { Callout, Card, H1, Icon, Tab, Tabs } from '@blueprintjs/core';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Lane } from '../../../../domain/calendars/lane';
import { errorCode, errorIssues, type ApiError } from '../../app/errorMessages';
import { FormActions } from '../admin-shell/FormActions';
import { FormCallouts } from '../admin-shell/FormCallouts';
import { useAdminLanguage } from '../admin-shell/adminLanguage';
import { showSuccess } from '../admin-shell/toaster';
import { useGetCategoriesQuery } from '../categories/categoriesApi';
import { locationName } from '../locations/locationForm';
import { useGetLocationsQuery } from '../locations/locationsApi';
import { useGetTemplatesQuery } from '../templates/templatesApi';
import {
  initialValues,
  problemsFromIssues,
  problemsOfTab,
  tabIds,
  tabOf,
  toCalendarBody,
  validateCalendar,
  type CalendarFormMode,
  type CalendarFormProblems,
  type CalendarFormValues,
  type TabId,
} from './calendarForm';
import './calendars.css';
import { isLaneProblem, removeLane, withoutLaneProblems } from './lanes/laneRules';
import { useCreateCalendarMutation, useUpdateCalendarMutation } from './calendarsApi';
import type { Choice } from '../admin-shell/SelectField';
import { EmailsTab } from './EmailsTab';
import { FieldsTab } from './FieldsTab';
import { GeneralTab } from './GeneralTab';
import { ScheduleTab } from './ScheduleTab';
import type { Calendar } from './types';

/** The problem field a form value's change clears (a server refusal lasts until its field changes). */
const problemFieldOf: Partial<Record<keyof CalendarFormValues, string>> = { lockMinutes: 'lockTime' };

const listPath = '/admin/calendars';

/**
 * The calendar form (§2.3, §3, §5) of /admin/calendars/new, /{id}/edit and /{id}/copy: tabs General, Fields,
 * Schedule and Emails. The §5 checks run before sending and show on their fields (the tab of the first problem
 * opens); the server's refusals land on their fields too. Saving shows the §8 banner and goes back to the list.
 * A copy has no ids (calendar or lane): saving it creates a new calendar.
 */
export function CalendarForm({ mode, calendar, title }: { mode: CalendarFormMode; calendar: Calendar | undefined; title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useAdminLanguage();
  const locations = useGetLocationsQuery();
  const categories = useGetCategoriesQuery();
  // The list of template names is open to every administrator (only a System Administrator opens a template).
  const templates = useGetTemplatesQuery();
  const [createCalendar, creation] = useCreateCalendarMutation();
  const [updateCalendar, update] = useUpdateCalendarMutation();
  const [values, setValues] = useState<CalendarFormValues>(() => initialValues(mode, calendar, (name, lng) => t('calendarForm.copyName', { name, lng })));
  const [attempted, setAttempted] = useState(false);
  const [tab, setTab] = useState<TabId>('general');
  const [failure, setFailure] = useState<ApiError>(undefined);
  const [serverProblems, setServerProblems] = useState<CalendarFormProblems>({});

  const problems = validateCalendar(values);
  const shownProblems: CalendarFormProblems = { ...serverProblems, ...(attempted ? problems : {}) };
  const message = (field: string) => {
    const problem = shownProblems[field];
    if (!problem) return undefined;
    return isLaneProblem(problem) ? t(`lanes.problems.${problem}`) : t(`calendarForm.problems.${problem}`);
  };
  const saving = creation.isLoading || update.isLoading;

  const locationChoices = useMemo<Choice[]>(() => {
    const listed = [...(locations.data ?? [])]
      .map((location) => ({ value: String(location.id), label: locationName(location, language) }))
      .sort((a, b) => a.label.localeCompare(b.label, language));
    const current = calendar?.location;
    if (current && !listed.some((choice) => choice.value === String(current.id))) listed.push({ value: String(current.id), label: locationName(current, language) });
    return listed;
  }, [locations.data, calendar, language]);
  const categoryChoices = useMemo<Choice[]>(() => {
    const listed = [...(categories.data ?? [])].map((category) => ({ value: String(category.id), label: category.name })).sort((a, b) => a.label.localeCompare(b.label, language));
    const current = calendar?.category;
    if (current && !listed.some((choice) => choice.value === String(current.id))) listed.push({ value: String(current.id), label: current.name });
    return listed;
  }, [categories.data, calendar, language]);
  const templateChoices = useMemo<Choice[] | null>(
    () =>
      templates.data ? [...templates.data].map((template) => ({ value: String(template.id), label: template.name })).sort((a, b) => a.label.localeCompare(b.label, language)) : null,
    [templates.data, language],
  );

  function dropServerProblems(keep: (field: string) => boolean) {
    setServerProblems((current) => {
      const kept = Object.entries(current).filter(([field]) => keep(field));
      return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
    });
  }

  function change<K extends keyof CalendarFormValues>(field: K, value: CalendarFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    const cleared = problemFieldOf[field] ?? field;
    dropServerProblems((problem) => problem !== cleared);
  }

  function changeFields(fields: CalendarFormValues['fields']) {
    setValues((current) => ({ ...current, fields }));
    dropServerProblems((problem) => tabOf(problem) !== 'fields');
  }

  function changeLanes(lanes: Lane[]) {
    const before = values.lanes;
    setValues((current) => ({ ...current, lanes }));
    // A lane's refusal goes when that lane changes.
    const changed = new Set(lanes.flatMap((lane, index) => (lane !== before[index] ? [index] : [])));
    dropServerProblems((problem) => {
      if (problem === 'lanes') return false;
      const match = /^lanes\.(\d+)\./.exec(problem);
      return !match || !changed.has(Number(match[1]));
    });
  }

  /** Delete Lane: that lane's problems go, those of the lanes after it move up with them. */
  function removeLaneAt(index: number) {
    setValues((current) => ({ ...current, lanes: removeLane(current.lanes, index) }));
    setServerProblems((current) => withoutLaneProblems(current, index));
  }

  /** Opens the tab of the first problem, unless the tab shown has one. */
  function showProblemTab(found: CalendarFormProblems) {
    if (problemsOfTab(found, tab).length > 0) return;
    const first = tabIds.find((id) => problemsOfTab(found, id).length > 0);
    if (first) setTab(first);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    setFailure(undefined);
    if (Object.keys(problems).length > 0) {
      showProblemTab(problems);
      return;
    }
    const body = toCalendarBody(values);
    const answer = mode === 'edit' && calendar ? await updateCalendar({ id: calendar.id, body }) : await createCalendar(body);
    if ('error' in answer) {
      const fieldProblems = problemsFromIssues(errorCode(answer.error), errorIssues(answer.error), body);
      setServerProblems(fieldProblems);
      if (Object.keys(fieldProblems).length > 0) showProblemTab(fieldProblems);
      else setFailure(answer.error);
      return;
    }
    showSuccess(mode === 'edit' ? t('calendarForm.saved') : mode === 'copy' ? t('calendarForm.copied') : t('calendarForm.created'));
    void navigate(listPath);
  }

  const tabTitle = (id: TabId) => {
    const count = problemsOfTab(shownProblems, id).length;
    return (
      <span className="calendar-tab-title">
        {t(`calendarForm.tabs.${id}`)}
        {count > 0 && (
          <>
            <Icon icon="error" intent="danger" size={14} />
            <span className="visually-hidden">{t('calendarForm.tabs.hasProblems', { count })}</span>
          </>
        )}
      </span>
    );
  };

  return (
    <>
      <H1 className="page-title">{title}</H1>
      {mode === 'copy' && calendar && (
        <Callout intent="primary" icon="duplicate" className="form-callout">
          {t('calendarForm.copyNotice', { name: calendar.name })}
        </Callout>
      )}
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="calendar-form">
        <FormCallouts failure={failure} hasProblems={Object.keys(shownProblems).length > 0} fixFieldsText={t('calendarForm.fixFields')} />
        <Card className="page-card">
          <Tabs
            id="calendar-form-tabs"
            className="calendar-form-tabs"
            selectedTabId={tab}
            onChange={(id) => setTab(tabIds.find((candidate) => candidate === id) ?? 'general')}
            renderActiveTabPanelOnly
          >
            <Tab
              id="general"
              title={tabTitle('general')}
              panel={<GeneralTab values={values} message={message} onChange={change} locations={locationChoices} categories={categoryChoices} />}
            />
            <Tab id="fields" title={tabTitle('fields')} panel={<FieldsTab fields={values.fields} message={message} onChange={changeFields} />} />
            <Tab
              id="schedule"
              title={tabTitle('schedule')}
              panel={
                <ScheduleTab
                  lanes={values.lanes}
                  message={message}
                  onChange={changeLanes}
                  onRemove={removeLaneAt}
                />
              }
            />
            <Tab id="emails" title={tabTitle('emails')} panel={<EmailsTab values={values} message={message} onChange={change} templates={templateChoices} />} />
          </Tabs>
        </Card>
        <FormActions listPath={listPath} cancelText={t('calendarForm.cancel')} saveText={t('calendarForm.save')} saving={saving} />
      </form>
    </>
  );
}
