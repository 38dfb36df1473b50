import { NonIdealState } from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageSpinner } from '../../shared/states/PageSpinner';
import { NotFoundState } from '../../shared/states/NotFoundState';
import { parseId } from '../../shared/routing/parseId';
import { useGetCalendarQuery } from '../calendars';
import { useGetSeriesListQuery } from './groupSessionSeriesApi';
import './groupSessionSeries.css';
import { BackToCalendars, PageFailure, PageHeading } from './parts';
import { SeriesTable } from './SeriesTable';

/**
 * §2.3 /admin/calendars/{id}/group-session-series: the series of a group-session calendar, each leading to its
 * detail page. Staff see the calendars they were given (the API answers 403 otherwise); administrators see all.
 */
export function GroupSessionSeriesPage() {
  const { t } = useTranslation();
  const calendarId = parseId(useParams().id);
  const calendar = useGetCalendarQuery(calendarId ?? skipToken);
  const series = useGetSeriesListQuery(calendarId ?? skipToken);
  const title = calendar.data?.name ?? t('groupSessionSeries.title');
  const heading = (
    <PageHeading
      title={title}
      subtitle={calendar.data ? t('groupSessionSeries.title') : undefined}
      back={<BackToCalendars />}
    />
  );

  if (calendarId === undefined) {
    return <NotFoundState title={t('errors.CALENDAR_NOT_FOUND')} action={<BackToCalendars />} />;
  }
  if (calendar.isLoading || series.isLoading) return <PageSpinner />;
  const failed = series.error ? series : calendar.error ? calendar : undefined;
  if (failed) {
    return (
      <>
        {heading}
        <PageFailure query={failed} />
      </>
    );
  }
  const items = series.data ?? [];
  return (
    <>
      {heading}
      {items.length === 0 ? (
        <NonIdealState className="page-state" icon="people" title={t('groupSessionSeries.list.empty')} />
      ) : (
        <SeriesTable calendarName={title} series={items} />
      )}
    </>
  );
}
