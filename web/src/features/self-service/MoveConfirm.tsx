import { Callout, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '../../i18n/format';
import type { Language } from '../../i18n/languages';
import type { HeldLock } from '../public-booking';
import type { ManagedBooking } from './types';
import { useWizardParts } from './useWizardParts';

interface MoveConfirmProps {
  booking: ManagedBooking;
  /** The new date and time, held by `lock`. */
  date: string;
  time: string;
  lock: HeldLock;
  language: Language;
  focus: boolean;
  moving: boolean;
  /** Why the last try failed (the call did not go through), or null. */
  failure: string | null;
  onConfirm: () => void;
  onBack: () => void;
}

/** "Move my appointment from X to Y?" while the new time is held; Confirm moves it, Back lets the new time go. */
export function MoveConfirm({
  booking,
  date,
  time,
  lock,
  language,
  focus,
  moving,
  failure,
  onConfirm,
  onBack,
}: MoveConfirmProps) {
  const { t } = useTranslation();
  const { StepFrame, minutesSeconds, useCountdown } = useWizardParts();
  const left = useCountdown(lock.deadline);
  const expired = left === 0;
  const when = (day: string, hour: string) =>
    t('selfService.move.when', { date: formatDate(language, day), time: formatTime(language, hour) });
  return (
    <StepFrame
      title={t('selfService.move.title')}
      focus={focus}
      onBack={onBack}
      onNext={onConfirm}
      nextLabel={t('selfService.move.confirm')}
      nextLoading={moving}
      nextDisabled={expired}
    >
      <div className="booking-timer">
        <Tag size="large" intent={left <= 60 ? 'warning' : 'none'} icon="time" role="timer" aria-live="off">
          {t('booking.form.timeLeft')} {minutesSeconds(left)}
        </Tag>
      </div>
      <p className="booking-context">
        {t('selfService.move.question', {
          from: when(booking.date, booking.startTime),
          to: when(date, time),
        })}
      </p>
      {expired && (
        <Callout intent="warning" icon="time" role="alert" className="booking-callout">
          <p>{t('selfService.move.expired')}</p>
        </Callout>
      )}
      {failure && (
        <Callout intent="danger" icon="error" role="alert" className="booking-callout">
          <p>{failure}</p>
        </Callout>
      )}
    </StepFrame>
  );
}
