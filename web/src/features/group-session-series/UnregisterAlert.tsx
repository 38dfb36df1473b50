import { Alert } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { clientNames } from './parts';
import type { Unregistering } from './useUnregister';

/** The confirmation of Unregister: who, from which series, and how many spots come free. */
export function UnregisterAlert({ unregistering, seriesName }: { unregistering: Unregistering; seriesName: string }) {
  const { t } = useTranslation();
  const { pending, confirming, loading } = unregistering;
  return (
    <Alert
      isOpen={confirming}
      intent="danger"
      icon="remove"
      confirmButtonText={t('groupSessionSeries.registrations.unregister')}
      cancelButtonText={t('groupSessionSeries.registrations.cancel')}
      loading={loading}
      canEscapeKeyCancel={!loading}
      onConfirm={unregistering.confirm}
      onCancel={unregistering.cancel}
    >
      <p>
        {pending &&
          t('groupSessionSeries.registrations.confirm', {
            names: clientNames(pending.clients),
            series: seriesName,
            count: pending.spots,
          })}
      </p>
    </Alert>
  );
}
