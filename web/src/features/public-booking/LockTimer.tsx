import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../i18n/languages';
import { timerDisplay } from './lockTimer';
import { minutesSeconds } from './useCountdown';

/**
 * The form's timer: 'Time Left:' and the minutes and seconds of the lock (a screen reader hears once that time runs
 * out), or 'Held for you until …' while a waitlist offer has more than an hour left.
 */
export function LockTimer({ left, deadline, language }: { left: number; deadline: number; language: Language }) {
  const { t } = useTranslation();
  const display = timerDisplay(language, left, deadline, Date.now());
  if (display.kind === 'heldUntil')
    return (
      <div className="booking-timer">
        <Tag size="large" icon="time" role="timer" aria-live="off">
          {display.date === null
            ? t('booking.form.heldUntil', { time: display.time })
            : t('booking.form.heldUntilDate', { date: display.date, time: display.time })}
        </Tag>
      </div>
    );
  return (
    <div className="booking-timer">
      <Tag size="large" intent={left <= 60 ? 'warning' : 'none'} icon="time" role="timer" aria-live="off">
        {t('booking.form.timeLeft')} {minutesSeconds(left)}
      </Tag>
      {/* the timer itself is silent; screen readers hear once that time is running out */}
      <span className="booking-visually-hidden" role="status">
        {left > 0 && left <= 60 ? t('booking.form.oneMinuteLeft') : ''}
      </span>
    </div>
  );
}
