import { Button, H2 } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../i18n/languages';
import { BookingDetails } from './BookingDetails';
import { CancelDialog } from './CancelDialog';
import { ClosedNoticeCallout } from './ClosedNoticeCallout';
import { OutcomeCallout, type BookingOutcome } from './OutcomeCallout';
import { useCancelOwnBookingMutation } from './selfServiceApi';
import type { ManagedBooking } from './types';

interface BookingViewProps {
  booking: ManagedBooking;
  token: string;
  language: Language;
  outcome: BookingOutcome | null;
  onCancelled: (code: string) => void;
  /** The server refused the cancel (the booking changed meanwhile, or the call failed). */
  onRefused: (error: unknown) => void;
  onReschedule: () => void;
}

/** The booking, what can be done with it online (Reschedule, Cancel), and why not when it cannot. */
export function BookingView({
  booking,
  token,
  language,
  outcome,
  onCancelled,
  onRefused,
  onReschedule,
}: BookingViewProps) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const news = useRef<HTMLDivElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [cancelBooking, { isLoading: cancelling }] = useCancelOwnBookingMutation();
  const cancelled = outcome?.kind === 'cancelled';
  const { canCancel, canReschedule } = booking.selfService;

  // the keyboard and screen readers start at the news of a change, else at the booking
  useEffect(() => {
    (outcome ? news.current : heading.current)?.focus();
  }, [outcome]);

  async function cancel() {
    try {
      const answer = await cancelBooking({ token, locale: language }).unwrap();
      onCancelled(answer.confirmationCode);
    } catch (error) {
      onRefused(error);
    } finally {
      setConfirming(false);
    }
  }

  return (
    <section className="booking-step">
      <H2 className="booking-step-title" ref={heading} tabIndex={-1}>
        {t('selfService.booking.title')}
      </H2>
      <div ref={news} tabIndex={-1} className="booking-error-summary">
        {outcome && <OutcomeCallout outcome={outcome} />}
      </div>
      {!cancelled && <ClosedNoticeCallout booking={booking} />}
      <BookingDetails booking={booking} language={language} />
      {!cancelled && (canReschedule || canCancel) && (
        <div className="page-actions page-actions-start booking-actions">
          {canReschedule && (
            <Button intent="primary" icon="calendar" onClick={onReschedule}>
              {t('selfService.actions.reschedule')}
            </Button>
          )}
          {canCancel && (
            <Button variant="outlined" intent="danger" icon="cross" onClick={() => setConfirming(true)}>
              {t('selfService.actions.cancel')}
            </Button>
          )}
        </div>
      )}
      <CancelDialog
        code={booking.confirmationCode}
        isOpen={confirming}
        cancelling={cancelling}
        onConfirm={() => void cancel()}
        onClose={() => setConfirming(false)}
      />
    </section>
  );
}
