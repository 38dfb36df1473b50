import { Callout, Card, Checkbox, H1, H2, NonIdealState, Switch, Tag } from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { defaultLane, type Lane } from '../../../../domain/calendars/lane';
import { isPlainDate } from '../../../../domain/shared/plain-date';
import { errorCode, type ApiError } from '../../shared/errorMessages';
import { NotFoundState } from '../../shared/states/NotFoundState';
import { PageSpinner } from '../../shared/states/PageSpinner';
import { parseId } from '../../shared/routing/parseId';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { FormActions } from '../../shared/forms/FormActions';
import { LoadFailed } from '../../shared/states/LoadFailed';
import { showSuccess } from '../../shared/toaster';
import {
  useAddCalendarDatesMutation,
  useGetCalendarDateQuery,
  useModifyCalendarDatesMutation,
} from './calendarDatesApi';
import {
  editableLanes,
  laneProblems,
  lanesToSave,
  LanesEditor,
  useLaneMessage,
  useGetCalendarQuery,
  type Calendar,
  type SavedCalendarState,
} from '../calendars';
import { shortDate } from '../../shared/dateText';
import { BackToCalendars, BackToDates, BatchFailure, datesPath } from './parts';
import { SeriesFields, useSeriesSettings } from './SeriesFields';
import type { BatchDatesState, CalendarDate } from './types';
import { useToday } from '../../shared/useToday';
import './calendarDates.css';

type BatchMode = 'add' | 'edit';

/** The dates handed over by the dates tool in the router state: distinct plain dates, in order; null when none. */
export function datesOfState(state: unknown): string[] | null {
  if (typeof state !== 'object' || state === null || !('dates' in state) || !Array.isArray(state.dates)) return null;
  const dates = [
    ...new Set(
      (state.dates as unknown[]).filter((date): date is string => typeof date === 'string' && isPlainDate(date)),
    ),
  ].sort();
  return dates.length > 0 ? dates : null;
}

/** The lanes and the way back a request for dates hands over with its dates (see BatchDatesState). */
function handoverOf(state: unknown): Pick<BatchDatesState, 'lanes' | 'returnTo'> {
  if (typeof state !== 'object' || state === null) return {};
  const { lanes, returnTo } = state as Partial<BatchDatesState>;
  return {
    ...(Array.isArray(lanes) && lanes.length > 0 ? { lanes } : {}),
    ...(typeof returnTo === 'string' ? { returnTo } : {}),
  };
}

interface BatchFormProps {
  mode: BatchMode;
  calendar: Calendar;
  dates: string[];
  /** The first chosen date, whose flag and lanes the edit form starts from. */
  first: CalendarDate | undefined;
  handover: Pick<BatchDatesState, 'lanes' | 'returnTo'>;
}

function BatchForm({ mode, calendar, dates, first, handover }: BatchFormProps) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const navigate = useNavigate();
  const today = useToday();
  const [addDates, adding] = useAddCalendarDatesMutation();
  const [modifyDates, modifying] = useModifyCalendarDatesMutation();
  const [enabled, setEnabled] = useState(mode === 'edit' ? (first?.enabled ?? true) : true);
  const [lanes, setLanes] = useState<Lane[]>(() => {
    const start = mode === 'edit' ? first?.lanes : (handover.lanes ?? calendar.lanes);
    // Lanes that will be new on each date: without the ids of the lanes they were copied from.
    return start && start.length > 0 ? editableLanes(start, false) : [defaultLane()];
  });
  const [applyLanes, setApplyLanes] = useState(mode === 'add');
  const firstDate = dates[0]!;
  const seriesSettings = useSeriesSettings(firstDate, today, calendar.spots);
  const [attempted, setAttempted] = useState(false);
  const [failure, setFailure] = useState<ApiError>(undefined);

  const series = mode === 'add' && calendar.groupSession;
  const lanesProblems = applyLanes ? laneProblems(lanes) : {};
  const laneMessage = useLaneMessage(attempted ? lanesProblems : {});
  const hasProblems = Object.keys(lanesProblems).length > 0 || (series && seriesSettings.hasProblems);
  const saving = adding.isLoading || modifying.isLoading;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    setFailure(undefined);
    if (hasProblems) return;
    const answer =
      mode === 'add'
        ? await addDates({
            calendarId: calendar.id,
            body: { dates, enabled, lanes: lanesToSave(lanes), ...(series ? seriesSettings.body : {}) },
          })
        : await modifyDates({
            calendarId: calendar.id,
            body: { dates, enabled, ...(applyLanes ? { lanes: lanesToSave(lanes) } : {}) },
          });
    if ('error' in answer) {
      setFailure(answer.error);
      return;
    }
    showSuccess(mode === 'add' ? t('calendarDates.batch.created') : t('calendarDates.batch.modified'));
    if (mode === 'add' && handover.returnTo) {
      const saved: SavedCalendarState = { savedCalendarId: calendar.id, savedDates: dates };
      void navigate(handover.returnTo, { state: saved });
    } else void navigate(datesPath(calendar.id));
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="cd-batch-form">
      <BatchFailure failure={failure} />
      {attempted && hasProblems && (
        <Callout intent="danger" role="alert" className="form-callout">
          {t('calendarDates.fixFields')}
        </Callout>
      )}
      <Card className="page-card">
        <H2 className="card-title">{t('calendarDates.batch.datesTitle', { count: dates.length })}</H2>
        <ul className="cd-date-tags" aria-label={t('calendarDates.batch.datesTitle', { count: dates.length })}>
          {dates.map((date) => (
            <li key={date}>
              <Tag minimal>{shortDate(language, date)}</Tag>
            </li>
          ))}
        </ul>
      </Card>
      <Card className="page-card">
        <H2 className="card-title">{t('calendarDates.settingsTitle')}</H2>
        <Switch
          label={t('calendarDates.enabled')}
          checked={enabled}
          onChange={(event) => setEnabled(event.currentTarget.checked)}
        />
        <p className="cd-field-hint">{t('calendarDates.enabledHint')}</p>
        {series && <SeriesFields settings={seriesSettings} firstDate={firstDate} today={today} attempted={attempted} />}
      </Card>
      <Card className="page-card">
        <H2 className="card-title">{t('calendarDates.lanesTitle')}</H2>
        {mode === 'edit' && (
          <>
            <p className="cd-field-hint">
              {t('calendarDates.batch.lanesFrom', { date: shortDate(language, firstDate) })}
            </p>
            <Checkbox
              label={t('calendarDates.batch.applyLanes')}
              checked={applyLanes}
              onChange={(event) => setApplyLanes(event.currentTarget.checked)}
            />
          </>
        )}
        <LanesEditor
          lanes={lanes}
          message={laneMessage}
          onChange={(next) => {
            setLanes(next);
            setApplyLanes(true);
          }}
        />
      </Card>
      <FormActions
        listPath={datesPath(calendar.id)}
        cancelText={t('calendarDates.cancel')}
        saveText={t('calendarDates.save')}
        saving={saving}
      />
    </form>
  );
}

/**
 * §2.3 /admin/calendars/{id}/dates/batch/add and /batch/edit: the form for the dates chosen in the dates tool,
 * which come in the router state (never in the address). Add starts from the calendar's lanes (and, on a
 * group-session calendar, asks for the series' registration deadline and spots); Edit from the first date's.
 */
export function BatchDatesPage({ mode }: { mode: BatchMode }) {
  const { t } = useTranslation();
  const id = parseId(useParams().id);
  const location = useLocation();
  const dates = datesOfState(location.state);
  const calendarQuery = useGetCalendarQuery(id ?? skipToken);
  const firstQuery = useGetCalendarDateQuery(
    mode === 'edit' && id !== undefined && dates ? { calendarId: id, date: dates[0]! } : skipToken,
  );
  const title = mode === 'add' ? t('calendarDates.batch.addTitle') : t('calendarDates.batch.editTitle');

  const code = errorCode(calendarQuery.error);
  if (id === undefined || code === 'CALENDAR_NOT_FOUND' || code === 'NOT_FOUND') {
    return <NotFoundState title={t('errors.CALENDAR_NOT_FOUND')} action={<BackToCalendars />} />;
  }
  if (!dates) {
    return (
      <>
        <H1 className="page-title">{title}</H1>
        <NonIdealState
          className="page-state"
          icon="calendar"
          title={t('calendarDates.batch.noDates')}
          description={t('calendarDates.batch.noDatesHint')}
          action={<BackToDates calendarId={id} />}
        />
      </>
    );
  }
  if (calendarQuery.isLoading || firstQuery.isLoading) return <PageSpinner />;
  const error = calendarQuery.error ?? firstQuery.error;
  if (error || !calendarQuery.data || (mode === 'edit' && !firstQuery.data))
    return <LoadFailed title={title} error={error} action={<BackToDates calendarId={id} />} />;
  const calendar = calendarQuery.data;

  return (
    <>
      <div className="page-heading">
        <div>
          <H1 className="page-title">{title}</H1>
          <p className="cd-subtitle">{calendar.name}</p>
        </div>
        <BackToDates calendarId={calendar.id} />
      </div>
      <BatchForm
        key={`${mode}-${dates.join(',')}`}
        mode={mode}
        calendar={calendar}
        dates={dates}
        first={firstQuery.data}
        handover={handoverOf(location.state)}
      />
    </>
  );
}
