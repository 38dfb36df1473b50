import { Button, Classes, H1, NonIdealState } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode, errorMessage, type ApiError } from '../../shared/errorMessages';
import { RouterAnchorButton } from '../../shared/routing/RouterLinks';

/** The addresses of the two pages (§2.3). */
export const seriesListPath = (calendarId: number) => `/admin/calendars/${calendarId}/group-session-series`;
export const seriesDetailPath = (calendarId: number, seriesId: number) => `${seriesListPath(calendarId)}/${seriesId}`;

export function BackToCalendars() {
  const { t } = useTranslation();
  return (
    <RouterAnchorButton to="/admin/calendars" icon="arrow-left" variant="outlined">
      {t('groupSessionSeries.backToCalendars')}
    </RouterAnchorButton>
  );
}

export function BackToSeriesList({ calendarId }: { calendarId: number }) {
  const { t } = useTranslation();
  return (
    <RouterAnchorButton to={seriesListPath(calendarId)} icon="arrow-left" variant="outlined">
      {t('groupSessionSeries.backToSeries')}
    </RouterAnchorButton>
  );
}

/** The title of a page, the context under it (the calendar), and the way back. */
export function PageHeading({ title, subtitle, back }: { title: string; subtitle?: string; back: ReactNode }) {
  return (
    <div className="page-heading">
      <div>
        <H1 className="page-title">{title}</H1>
        {subtitle && <p className={`gss-subtitle ${Classes.TEXT_MUTED}`}>{subtitle}</p>}
      </div>
      {back}
    </div>
  );
}

/** What a page needs to know about the query that failed (an RTK Query result fits). */
interface FailedQuery {
  error?: ApiError;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * A page whose series could not be loaded: no access (a Basic User not given the calendar: 403), no such calendar
 * or series (404), or another failure with Try again.
 */
export function PageFailure({ query }: { query: FailedQuery }) {
  const { t } = useTranslation();
  const code = errorCode(query.error);
  const final = code === 'FORBIDDEN' || code === 'NOT_FOUND' || (code?.endsWith('_NOT_FOUND') ?? false);
  const icon = code === 'FORBIDDEN' ? 'lock' : final ? 'search' : 'error';
  return (
    <div role="alert">
      <NonIdealState
        className="page-state"
        icon={icon}
        title={t('groupSessionSeries.loadFailed')}
        description={errorMessage(t, query.error)}
        action={
          final ? undefined : (
            <Button icon="refresh" loading={query.isFetching} onClick={() => void query.refetch()}>
              {t('admin.tryAgain')}
            </Button>
          )
        }
      />
    </div>
  );
}

/** The clients of a registration, "Ana Lopez, Ben Lopez". */
export const clientNames = (clients: readonly { firstName: string; lastName: string }[]) =>
  clients.map((client) => `${client.firstName} ${client.lastName}`.trim()).join(', ');
