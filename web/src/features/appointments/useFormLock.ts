import { useEffect, useRef, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../shared/toaster';
import { useUnlockSlotMutation } from './appointmentsApi';
import type { FormSession } from './form/formSession';
import type { SlotActionsAction } from './slotActionsState';

/**
 * The lock of an open New or Edit form (§4.2): it goes back when the form closes (after a save quietly, the save's
 * own banner says enough) and when one leaves Manage Appointments with the form open.
 */
export function useFormLock(session: FormSession | null, dispatch: Dispatch<SlotActionsAction>) {
  const { t } = useTranslation();
  const [unlockSlot] = useUnlockSlotMutation();

  const open = useRef<FormSession | null>(null);
  open.current = session;
  useEffect(
    () => () => {
      const left = open.current;
      if (left && left.mode !== 'view') void unlockSlot(left.lockToken);
    },
    [unlockSlot],
  );

  /** The form closed, saved or not. */
  return async function closeForm(saved: boolean) {
    const closing = session;
    dispatch({ type: 'opened', session: null });
    if (!closing || closing.mode === 'view' || (saved && closing.mode === 'new')) return;
    const answer = await unlockSlot(closing.lockToken);
    if (saved) return;
    if ('error' in answer) dispatch({ type: 'failed', failure: answer.error, failedTo: 'unlock' });
    else showSuccess(t('appointments.lockReleased'));
  };
}
