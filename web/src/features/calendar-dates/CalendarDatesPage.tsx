import { Callout, H1 } from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { errorCode } from '../../shared/errorMessages';
import { NotFoundState } from '../../shared/states/NotFoundState';
import { PageSpinner } from '../../shared/states/PageSpinner';
import { parseId } from '../../shared/routing/parseId';
import { lastDayOfMonth } from '../../i18n/month';
import { LoadFailed } from '../../shared/states/LoadFailed';
import { useGetCalendarDatesQuery } from './calendarDatesApi';
import { DatesTool } from './DatesTool';
import { toolMonths } from './dateTool';
import { BackToCalendars } from './parts';
import { useToday } from '../../shared/useToday';
import { useGetCalendarQuery } from '../calendars';
import './calendarDates.css';

/**
 * §2.3 /admin/calendars/{id}/dates: 24 months of a calendar's dates (§9), with the modes of §4.3. Without a mode a
 * click on a date opens its editor; Add and Edit choose dates for the batch forms, Edit also deletes; Move and Copy
 * choose their sources, then their targets.
 */
export function CalendarDatesPage() {
  const { t } = useTranslation();
  const id = parseId(useParams().id);
  const today = useToday();
  const months = useMemo(() => toolMonths(today), [today]);
  const range =
    id === undefined ? skipToken : { calendarId: id, startDate: months[0]!, endDate: lastDayOfMonth(months.at(-1)!) };
  const calendarQuery = useGetCalendarQuery(id ?? skipToken);
  const datesQuery = useGetCalendarDatesQuery(range);
  const title = t('calendarDates.title');

  const code = errorCode(calendarQuery.error);
  if (id === undefined || code === 'CALENDAR_NOT_FOUND' || code === 'NOT_FOUND') {
    return <NotFoundState title={t('errors.CALENDAR_NOT_FOUND')} action={<BackToCalendars />} />;
  }
  if (calendarQuery.isLoading || datesQuery.isLoading) return <PageSpinner />;
  const error = calendarQuery.error ?? datesQuery.error;
  if (error || !calendarQuery.data || !datesQuery.data)
    return <LoadFailed title={title} error={error} action={<BackToCalendars />} />;
  const calendar = calendarQuery.data;

  return (
    <>
      <div className="page-heading">
        <div>
          <H1 className="page-title">{calendar.name}</H1>
          <p className="cd-subtitle">{calendar.groupSession ? t('calendarDates.titleGroup') : title}</p>
        </div>
        <BackToCalendars />
      </div>
      {!calendar.enabled && (
        <Callout intent="warning" className="form-callout">
          {t('calendarDates.calendarDisabled')}
        </Callout>
      )}
      <DatesTool calendar={calendar} dates={datesQuery.data} today={today} months={months} />
    </>
  );
}
