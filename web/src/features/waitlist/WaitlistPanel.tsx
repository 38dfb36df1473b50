import { Alert, Classes, H2 } from '@blueprintjs/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdmin, useCurrentUser } from '../../shared/currentUser';
import { FailureCallout } from '../../shared/forms/FailureCallout';
import { ListState } from '../../shared/states/ListState';
import type { WaitlistAddress } from './types';
import { useGetWaitlistQuery } from './waitlistApi';
import { inLineOrder } from './waitlistEntries';
import { WaitlistTable } from './WaitlistTable';
import { useRemoveEntry } from './useRemoveEntry';
import './waitlist.css';

/**
 * Issue 20 item 6: the waitlist of a series (its registrations page) or of a clinic date (its day view), with
 * Remove and its confirmation for calendar administrators.
 */
export function WaitlistPanel({ address }: { address: WaitlistAddress }) {
  const { t } = useTranslation();
  const headingId = useId();
  const admin = isAdmin(useCurrentUser());
  const query = useGetWaitlistQuery(address, { refetchOnMountOrArgChange: true });
  const removing = useRemoveEntry(address.calendarId);
  const entries = inLineOrder(query.data ?? []);
  const { pending } = removing;
  return (
    <section className="waitlist-panel" aria-labelledby={headingId}>
      <H2 id={headingId} className="card-title">
        {t('waitlist.staff.title')}
      </H2>
      <FailureCallout failure={removing.failure} />
      <ListState query={query} isEmpty={false} emptyIcon="people" emptyTitle={t('waitlist.staff.empty')}>
        {entries.length === 0 ? (
          <p className={Classes.TEXT_MUTED}>{t('waitlist.staff.empty')}</p>
        ) : (
          <WaitlistTable
            entries={entries}
            kind={'seriesId' in address ? 'series' : 'date'}
            onRemove={admin ? removing.ask : undefined}
          />
        )}
      </ListState>
      {admin && (
        <Alert
          isOpen={removing.confirming}
          intent="danger"
          icon="remove"
          confirmButtonText={t('waitlist.staff.remove')}
          cancelButtonText={t('waitlist.staff.cancel')}
          loading={removing.loading}
          canEscapeKeyCancel={!removing.loading}
          onConfirm={removing.confirm}
          onCancel={removing.cancel}
        >
          <p>{pending && t('waitlist.staff.confirm', { email: pending.email })}</p>
          {pending?.status === 'offered' && <p>{t('waitlist.staff.confirmOffered')}</p>}
        </Alert>
      )}
    </section>
  );
}
