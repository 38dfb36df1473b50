import { useState } from 'react';
import type { ApiError } from '../errorMessages';
import type { MutationAnswer } from './mutationAnswer';
import { showSuccess } from '../toaster';

export interface ConfirmedDelete<T> {
  /** The item asked about; it stays set while the dialog closes, so that its text does not change meanwhile. */
  pending: T | null;
  confirming: boolean;
  failure: ApiError;
  ask: (item: T) => void;
  confirm: () => void;
  cancel: () => void;
}

/**
 * Delete with a confirmation: ask about an item, then delete it on confirm, showing the success banner (§8) or
 * keeping the failure to show above the list.
 */
export function useConfirmedDelete<T extends { id: number }>(
  remove: (id: number) => Promise<MutationAnswer>,
  deletedMessage: string,
): ConfirmedDelete<T> {
  const [pending, setPending] = useState<T | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<ApiError>(undefined);

  function ask(item: T) {
    setPending(item);
    setConfirming(true);
  }

  async function confirmDelete(item: T) {
    setFailure(undefined);
    const answer = await remove(item.id);
    setConfirming(false);
    if ('error' in answer) setFailure(answer.error);
    else showSuccess(deletedMessage);
  }

  return {
    pending,
    confirming,
    failure,
    ask,
    confirm: () => {
      if (pending) void confirmDelete(pending);
    },
    cancel: () => setConfirming(false),
  };
}
