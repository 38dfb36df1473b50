import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../shared/errorMessages';
import { showSuccess } from '../../shared/toaster';
import { useUnregisterMutation } from './groupSessionSeriesApi';
import type { Registration, SeriesAddress } from './types';

export interface Unregistering {
  /** The registration asked about; it stays set while the dialog closes, so that its text does not change meanwhile. */
  pending: Registration | null;
  confirming: boolean;
  loading: boolean;
  failure: ApiError;
  ask: (registration: Registration) => void;
  confirm: () => void;
  cancel: () => void;
}

/**
 * Unregister with a confirmation (administrators): ask about a registration, then remove it on confirm, showing
 * 'The client has been unregistered.' (§2.3) or keeping the failure to show above the list. The mutation
 * invalidates the series, so the spots and the registrations refresh at once.
 */
export function useUnregister(address: SeriesAddress): Unregistering {
  const { t } = useTranslation();
  const [unregister, state] = useUnregisterMutation();
  const [pending, setPending] = useState<Registration | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<ApiError>(undefined);

  async function confirmUnregister(registration: Registration) {
    setFailure(undefined);
    const answer = await unregister({ ...address, appointmentId: registration.appointmentId });
    setConfirming(false);
    if ('error' in answer) setFailure(answer.error);
    else showSuccess(t('groupSessionSeries.registrations.unregistered'));
  }

  return {
    pending,
    confirming,
    loading: state.isLoading,
    failure,
    ask: (registration) => {
      setPending(registration);
      setConfirming(true);
    },
    confirm: () => {
      if (pending) void confirmUnregister(pending);
    },
    cancel: () => setConfirming(false),
  };
}
