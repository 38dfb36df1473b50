import { H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { FailureCallout } from '../../shared/forms/FailureCallout';
import { ListState } from '../../shared/states/ListState';
import { isAdmin, useCurrentUser } from '../../shared/currentUser';
import { useGetRegistrationsQuery } from './groupSessionSeriesApi';
import { RegistrationsTable } from './RegistrationsTable';
import type { Series } from './types';
import { UnregisterAlert } from './UnregisterAlert';
import { useUnregister } from './useUnregister';

/** The registrations of a series, with Unregister and its confirmation for administrators. */
export function RegistrationsSection({ series }: { series: Series }) {
  const { t } = useTranslation();
  const admin = isAdmin(useCurrentUser());
  const address = { calendarId: series.calendarId, seriesId: series.id };
  const query = useGetRegistrationsQuery(address);
  const unregistering = useUnregister(address);
  const registrations = query.data ?? [];
  return (
    <section className="gss-section" aria-labelledby="gss-registrations">
      <H2 id="gss-registrations" className="card-title">
        {t('groupSessionSeries.registrations.title')}
      </H2>
      <FailureCallout failure={unregistering.failure} />
      <ListState
        query={query}
        isEmpty={registrations.length === 0}
        emptyIcon="people"
        emptyTitle={t('groupSessionSeries.registrations.empty')}
      >
        <RegistrationsTable registrations={registrations} onUnregister={admin ? unregistering.ask : undefined} />
      </ListState>
      {admin && <UnregisterAlert unregistering={unregistering} seriesName={series.name} />}
    </section>
  );
}
