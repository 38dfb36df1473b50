import { skipToken } from '@reduxjs/toolkit/query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageSpinner } from '../../shared/states/PageSpinner';
import { NotFoundState } from '../../shared/states/NotFoundState';
import { parseId } from '../../shared/routing/parseId';
import { useGetCalendarQuery } from '../calendars';
import { WaitlistPanel } from '../waitlist';
import { useGetSeriesQuery } from './groupSessionSeriesApi';
import './groupSessionSeries.css';
import { BackToCalendars, BackToSeriesList, PageFailure, PageHeading } from './parts';
import { RegistrationsSection } from './RegistrationsSection';
import { SeriesSummary } from './SeriesSummary';
import { SessionDatesTable } from './SessionDatesTable';

/**
 * §2.3 /admin/calendars/{id}/group-session-series/{seriesId}: a series' figures, its session dates and its
 * registrations, which administrators may unregister, and its waitlist (issue 20 item 6).
 */
export function SeriesDetailPage() {
  const { t } = useTranslation();
  const params = useParams();
  const calendarId = parseId(params.id);
  const seriesId = parseId(params.seriesId);
  const address = calendarId !== undefined && seriesId !== undefined ? { calendarId, seriesId } : undefined;
  const calendar = useGetCalendarQuery(calendarId ?? skipToken);
  const series = useGetSeriesQuery(address ?? skipToken);

  if (calendarId === undefined) {
    return <NotFoundState title={t('errors.CALENDAR_NOT_FOUND')} action={<BackToCalendars />} />;
  }
  if (seriesId === undefined) {
    return <NotFoundState title={t('errors.SERIES_NOT_FOUND')} action={<BackToSeriesList calendarId={calendarId} />} />;
  }
  if (calendar.isLoading || series.isLoading) return <PageSpinner />;
  const back = <BackToSeriesList calendarId={calendarId} />;
  const failed = series.error ? series : calendar.error ? calendar : undefined;
  if (failed || !series.data) {
    return (
      <>
        <PageHeading title={calendar.data?.name ?? t('groupSessionSeries.title')} back={back} />
        <PageFailure query={failed ?? series} />
      </>
    );
  }
  const shown = series.data;
  return (
    <>
      <PageHeading
        title={shown.name}
        subtitle={calendar.data ? t('groupSessionSeries.detail.subtitle', { name: calendar.data.name }) : undefined}
        back={back}
      />
      <SeriesSummary series={shown} />
      <SessionDatesTable dates={shown.sessionDates} />
      <RegistrationsSection series={shown} />
      <Suspense fallback={null}>
        <WaitlistPanel address={{ calendarId, seriesId: shown.id }} />
      </Suspense>
    </>
  );
}
