import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../shared/errorMessages';
import { showSuccess } from '../../shared/toaster';
import type { WaitlistEntry } from './types';
import { useRemoveWaitlistEntryMutation } from './waitlistApi';

export interface RemovingEntry {
  /** The entry asked about; it stays set while the dialog closes, so that its text does not change meanwhile. */
  pending: WaitlistEntry | null;
  confirming: boolean;
  loading: boolean;
  failure: ApiError;
  ask: (entry: WaitlistEntry) => void;
  confirm: () => void;
  cancel: () => void;
}

/** Remove from the waitlist with a confirmation (calendar administrators), then the success banner or the failure. */
export function useRemoveEntry(calendarId: number): RemovingEntry {
  const { t } = useTranslation();
  const [remove, state] = useRemoveWaitlistEntryMutation();
  const [pending, setPending] = useState<WaitlistEntry | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<ApiError>(undefined);

  async function confirmRemove(entry: WaitlistEntry) {
    setFailure(undefined);
    const answer = await remove({ calendarId, entryId: entry.entryId });
    setConfirming(false);
    if ('error' in answer) setFailure(answer.error);
    else showSuccess(t('waitlist.staff.removed'));
  }

  return {
    pending,
    confirming,
    loading: state.isLoading,
    failure,
    ask: (entry) => {
      setPending(entry);
      setConfirming(true);
    },
    confirm: () => {
      if (pending) void confirmRemove(pending);
    },
    cancel: () => setConfirming(false),
  };
}
