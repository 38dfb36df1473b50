import { useEffect, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../i18n/languages';
import { errorMessage, type ApiError } from '../../shared/errorMessages';
import type { BotCheck } from '../bot-check';
import type { WizardAction } from '../public-booking';
import { failureCode } from './failures';
import { leavesReschedule, refusedMoveOutcome, rescheduleLock, rescheduleStart } from './rescheduleState';
import { useRescheduleOwnBookingMutation } from './selfServiceApi';
import type { ManagedBooking } from './types';
import { useWizardParts } from './useWizardParts';

interface RescheduleOptions {
  booking: ManagedBooking;
  token: string;
  language: Language;
  botCheck: BotCheck;
  /** Seconds a public lock of the booking's calendar holds a time. */
  lockSeconds: number;
  onMoved: (booking: ManagedBooking) => void;
  onLeave: () => void;
  /** The move was refused for a reason that ends the reschedule (the booking changed, or its link no longer works). */
  onRefused: (error: unknown) => void;
}

/**
 * The calls of a reschedule: hold the chosen time with a public lock (as the wizard does), then move the booking to
 * it. A lock the visitor walks away from (Back, another page, a closed tab) is released.
 */
export function useReschedule({
  booking,
  token,
  language,
  botCheck,
  lockSeconds,
  onMoved,
  onLeave,
  onRefused,
}: RescheduleOptions) {
  const { t } = useTranslation();
  const { initialWizardState, lockFailureCode, wizardReducer, ...parts } = useWizardParts();
  const [state, dispatchStep] = useReducer(wizardReducer, booking, (first) =>
    rescheduleStart(initialWizardState(false), first),
  );
  const [createLock, { isLoading: locking }] = parts.useCreatePublicLockMutation();
  const [releaseLock] = parts.useReleasePublicLockMutation();
  const [reschedule, { isLoading: moving }] = useRescheduleOwnBookingMutation();
  const [moved, setMoved] = useState<ManagedBooking | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  parts.useLockRelease(state.lock);

  // handed over once the lock (now the booking's) is out of the state, so that leaving does not release it
  useEffect(() => {
    if (moved && state.lock === null) onMoved(moved);
  }, [moved, state.lock, onMoved]);

  const dispatch = (action: WizardAction) => (leavesReschedule(state, action) ? onLeave() : dispatchStep(action));
  const release = () => {
    const held = state.lock?.token;
    if (held) void releaseLock(held).catch(() => undefined);
  };

  async function hold(timeslot: { id: number; time: string }) {
    const request = rescheduleLock(booking, timeslot);
    if (!request || locking || botCheck.waiting) return;
    let solved: string | null;
    try {
      solved = await botCheck.whenReady();
    } catch {
      dispatchStep({ type: 'lockRefused', code: 'BOT_CHECK_FAILED' });
      return;
    }
    try {
      const { token: lockToken } = await createLock(
        solved === null ? request : { ...request, botCheck: solved },
      ).unwrap();
      if (typeof lockToken !== 'string' || lockToken === '') {
        dispatchStep({ type: 'lockRefused', code: 'INVALID_LOCK_TOKEN' });
        return;
      }
      setFailure(null);
      dispatchStep({ type: 'locked', lock: { token: lockToken, deadline: Date.now() + lockSeconds * 1000 } });
    } catch (error) {
      dispatchStep({ type: 'lockRefused', code: lockFailureCode(error) });
    } finally {
      botCheck.reset(); // a solution is good for one request
    }
  }

  async function confirm() {
    const lockToken = state.lock?.token;
    if (!lockToken || moving) return;
    try {
      const answer = await reschedule({ token, lockToken, locale: language }).unwrap();
      setMoved(answer);
      dispatchStep({ type: 'booked', confirmation: { code: answer.confirmationCode, clients: [] } });
    } catch (error) {
      const code = failureCode(error);
      switch (refusedMoveOutcome(code)) {
        case 'chooseAgain':
          release();
          dispatchStep({ type: 'back' });
          dispatchStep({ type: 'lockRefused', code });
          break;
        case 'leave':
          release();
          dispatchStep({ type: 'back' });
          onRefused(error);
          break;
        case 'stay':
          setFailure(errorMessage(t, error as ApiError));
          break;
      }
    }
  }

  function back() {
    release();
    setFailure(null);
    dispatchStep({ type: 'back' });
  }

  return { state, dispatch, locking: locking || botCheck.waiting, moving, failure, hold, confirm, back };
}
