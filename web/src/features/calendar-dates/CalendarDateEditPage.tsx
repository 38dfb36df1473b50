import { Callout, Card, H1, H2, Switch } from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { Lane } from '../../../../domain/calendars/lane';
import { isPlainDate } from '../../../../domain/shared/plain-date';
import { errorCode, type ApiError } from '../../shared/errorMessages';
import { NotFoundState } from '../../shared/states/NotFoundState';
import { PageSpinner } from '../../shared/states/PageSpinner';
import { parseId } from '../../shared/routing/parseId';
import { formatDate, formatTime } from '../../i18n/format';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { FormActions } from '../../shared/forms/FormActions';
import { FormCallouts } from '../../shared/forms/FormCallouts';
import { LoadFailed } from '../../shared/states/LoadFailed';
import { showSuccess } from '../../shared/toaster';
import {
  editableLanes,
  laneProblems,
  lanesToSave,
  LanesEditor,
  useLaneMessage,
  useGetCalendarQuery,
  type Calendar,
} from '../calendars';
import { useGetCalendarDateQuery, useUpdateCalendarDateMutation } from './calendarDatesApi';
import { BackToCalendars, BackToDates, datesPath } from './parts';
import { TimeslotPreview } from './TimeslotPreview';
import type { CalendarDate } from './types';
import { useToday } from '../../shared/useToday';
import './calendarDates.css';

/** A few figures of the date (§3 Calendar date). */
function DateSummary({ date, groupSession }: { date: CalendarDate; groupSession: boolean }) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const time = (value: string | null) => (value ? formatTime(language, value) : '—');
  const figures: [string, string][] = groupSession
    ? [
        [t('calendarDates.summary.spots'), String(date.spots ?? '—')],
        [t('calendarDates.summary.spotsAvailable'), String(date.spotsAvailable ?? '—')],
        [t('calendarDates.summary.registrations'), String(date.registrationCount ?? 0)],
      ]
    : [
        [t('calendarDates.summary.appointments'), String(date.appointmentCount)],
        [
          t('calendarDates.summary.slots'),
          t('calendarDates.summary.slotsValue', { booked: date.bookedSlotCount, total: date.totalSlotCount }),
        ],
        [t('calendarDates.summary.capacity'), t('calendarDates.summary.capacityValue', { percent: date.capacity })],
        [
          t('calendarDates.summary.hours'),
          date.minStartTime && date.maxEndTime
            ? t('calendarDates.summary.hoursValue', { start: time(date.minStartTime), end: time(date.maxEndTime) })
            : '—',
        ],
      ];
  return (
    <dl className="cd-summary">
      {figures.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function DateForm({ calendar, date }: { calendar: Calendar; date: CalendarDate }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const today = useToday();
  const [updateDate, update] = useUpdateCalendarDateMutation();
  const [enabled, setEnabled] = useState(date.enabled);
  const [lanes, setLanes] = useState<Lane[]>(() => editableLanes(date.lanes));
  const [attempted, setAttempted] = useState(false);
  const [failure, setFailure] = useState<ApiError>(undefined);
  const lanesProblems = laneProblems(lanes);
  const hasLaneProblems = Object.keys(lanesProblems).length > 0;
  const laneMessage = useLaneMessage(attempted ? lanesProblems : {});
  const past = date.date < today;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    setFailure(undefined);
    if (hasLaneProblems || past) return;
    const answer = await updateDate({
      calendarId: calendar.id,
      date: date.date,
      body: { enabled, lanes: lanesToSave(lanes) },
    });
    if ('error' in answer) {
      setFailure(answer.error);
      return;
    }
    showSuccess(t('calendarDates.single.updated'));
    void navigate(datesPath(calendar.id));
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="cd-date-form">
      <FormCallouts
        failure={failure}
        hasProblems={attempted && hasLaneProblems}
        fixFieldsText={t('calendarDates.fixFields')}
      />
      {past && (
        <Callout intent="warning" className="form-callout">
          {t('calendarDates.single.past')}
        </Callout>
      )}
      <Card className="page-card">
        <H2 className="card-title">{t('calendarDates.settingsTitle')}</H2>
        <Switch
          label={t('calendarDates.enabled')}
          checked={enabled}
          disabled={past}
          onChange={(event) => setEnabled(event.currentTarget.checked)}
        />
        <p className="cd-field-hint">{t('calendarDates.enabledHint')}</p>
        <DateSummary date={date} groupSession={calendar.groupSession} />
      </Card>
      <Card className="page-card">
        <H2 className="card-title">{t('calendarDates.lanesTitle')}</H2>
        {date.appointmentCount > 0 && <p className="cd-field-hint">{t('calendarDates.single.bookedHint')}</p>}
        <LanesEditor lanes={lanes} message={laneMessage} onChange={setLanes} />
      </Card>
      {!past && (
        <FormActions
          listPath={datesPath(calendar.id)}
          cancelText={t('calendarDates.cancel')}
          saveText={t('calendarDates.save')}
          saving={update.isLoading}
        />
      )}
      <TimeslotPreview date={date} />
    </form>
  );
}

/** §2.3 /admin/calendars/{id}/dates/{date}/edit: one date's enabled flag and lanes, and a preview of its timeslots. */
export function CalendarDateEditPage() {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const params = useParams();
  const id = parseId(params.id);
  const day = params.date !== undefined && isPlainDate(params.date) ? params.date : undefined;
  const calendarQuery = useGetCalendarQuery(id ?? skipToken);
  const dateQuery = useGetCalendarDateQuery(
    id !== undefined && day !== undefined ? { calendarId: id, date: day, timeslots: true } : skipToken,
  );
  const title = t('calendarDates.single.title');

  const calendarCode = errorCode(calendarQuery.error);
  if (id === undefined || calendarCode === 'CALENDAR_NOT_FOUND') {
    return <NotFoundState title={t('errors.CALENDAR_NOT_FOUND')} action={<BackToCalendars />} />;
  }
  const dateCode = errorCode(dateQuery.error);
  if (day === undefined || dateCode === 'CALENDAR_DATE_NOT_FOUND' || dateCode === 'NOT_FOUND') {
    return <NotFoundState title={t('errors.CALENDAR_DATE_NOT_FOUND')} action={<BackToDates calendarId={id} />} />;
  }
  if (calendarQuery.isLoading || dateQuery.isLoading) return <PageSpinner />;
  const error = calendarQuery.error ?? dateQuery.error;
  if (error || !calendarQuery.data || !dateQuery.data)
    return <LoadFailed title={title} error={error} action={<BackToDates calendarId={id} />} />;
  const calendar = calendarQuery.data;

  return (
    <>
      <div className="page-heading">
        <div>
          <H1 className="page-title">{formatDate(language, day)}</H1>
          <p className="cd-subtitle">{t('calendarDates.single.subtitle', { name: calendar.name })}</p>
        </div>
        <BackToDates calendarId={calendar.id} />
      </div>
      <DateForm key={`${calendar.id}-${day}`} calendar={calendar} date={dateQuery.data} />
    </>
  );
}
