import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { MutationAnswer } from '../../shared/forms/mutationAnswer';
import { showSuccess } from '../../shared/toaster';
import type { Calendar } from '../calendars';
import {
  useCopyCalendarDateMutation,
  useDeleteCalendarDatesMutation,
  useMoveCalendarDatesMutation,
} from './calendarDatesApi';
import type { DateMode } from './dateTool';
import { datesToolReducer, initialDatesTool } from './datesToolState';
import { datesPath } from './parts';
import { useSeriesSettings } from './SeriesFields';
import type { BatchDatesState, CalendarDate } from './types';
import { useToolContext } from './useToolContext';

/**
 * The dates tool's state and changes (§4.3): its mode and the dates chosen, the batch forms of Add and Edit, Delete,
 * Move and Copy (on a group-session calendar with the new series' settings), each followed by a banner or its refusal.
 * Move asks whether to e-mail the clients booked on the dates a notice (issue 19): on by default, asked only when a
 * date chosen to move has appointments.
 */
export function useDatesTool(calendar: Calendar, dates: CalendarDate[], today: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(datesToolReducer, undefined, initialDatesTool);
  const { tool } = state;
  const [deleteDates, deletion] = useDeleteCalendarDatesMutation();
  const [moveDates, moving] = useMoveCalendarDatesMutation();
  const [copyDate, copying] = useCopyCalendarDateMutation();
  const { limits, context, dataStamp } = useToolContext(calendar, dates, today);

  useEffect(() => {
    dispatch({ type: 'prune', context });
  }, [context]);

  // On a group-session calendar the copies are a new series: its deadline and spots (default: the source's spots).
  const copySource = tool.mode === 'copy' ? context.existing.get(tool.picked[0] ?? '') : undefined;
  const copyTargets = [...tool.targets].sort();
  const seriesSettings = useSeriesSettings(copyTargets[0], today, copySource?.spots ?? calendar.spots);
  const copyMakesSeries = calendar.groupSession && tool.mode === 'copy' && tool.step === 'target';

  const [notifyClients, setNotifyClients] = useState(true);
  const movingBooked =
    tool.mode === 'move' && tool.picked.some((date) => (context.existing.get(date)?.appointmentCount ?? 0) > 0);

  const chooseMode = (mode: DateMode) => {
    dispatch({ type: 'chooseMode', mode });
    seriesSettings.reset();
    setNotifyClients(true);
  };

  const onDayRef = useRef<(date: string) => void>(() => undefined);
  onDayRef.current = (date: string) => {
    if (tool.mode === 'none') void navigate(`${datesPath(calendar.id)}/${date}/edit`);
    else dispatch({ type: 'toggle', date, context });
  };
  const onDay = useCallback((date: string) => onDayRef.current(date), []);

  /** Runs a change; true once it is saved (the tool then starts over in its mode). */
  async function run(call: Promise<MutationAnswer>, message: string): Promise<boolean> {
    const mode = tool.mode;
    dispatch({ type: 'sending' });
    const answer = await call;
    if ('error' in answer) {
      dispatch({ type: 'refused', failure: answer.error });
      return false;
    }
    showSuccess(message);
    dispatch({ type: 'restart', mode });
    return true;
  }

  const sorted = [...tool.picked].sort();
  const copy = () => {
    dispatch({ type: 'copyAttempted', attempted: true });
    if (copyMakesSeries && seriesSettings.hasProblems) return;
    const body = { fromDate: tool.picked[0]!, toDates: copyTargets, ...(copyMakesSeries ? seriesSettings.body : {}) };
    void run(copyDate({ calendarId: calendar.id, body }), t('calendarDates.copied')).then((saved) => {
      if (!saved) return;
      dispatch({ type: 'copyAttempted', attempted: false });
      seriesSettings.reset();
    });
  };

  return {
    ...state,
    dispatch,
    context,
    limits,
    dataStamp,
    seriesSettings,
    copyTargets,
    copyMakesSeries,
    chooseMode,
    onDay,
    goToBatch: (mode: 'add' | 'edit') => {
      const batch: BatchDatesState = { dates: sorted };
      void navigate(`${datesPath(calendar.id)}/batch/${mode}`, { state: batch });
    },
    copy,
    movingBooked,
    notifyClients,
    setNotifyClients,
    move: () => {
      const body = { fromDates: tool.picked, toDates: tool.targets, notifyClients: movingBooked && notifyClients };
      void run(moveDates({ calendarId: calendar.id, body }), t('calendarDates.moved')).then((saved) => {
        if (saved) setNotifyClients(true);
      });
    },
    deleteChosen: () =>
      void run(deleteDates({ calendarId: calendar.id, body: { dates: sorted } }), t('calendarDates.deleted')).then(() =>
        dispatch({ type: 'confirmDelete', open: false }),
      ),
    busy: deletion.isLoading || moving.isLoading || copying.isLoading,
    deleting: deletion.isLoading,
    moving: moving.isLoading,
    copying: copying.isLoading,
  };
}

export type DatesToolModel = ReturnType<typeof useDatesTool>;
