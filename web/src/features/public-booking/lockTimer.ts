import { formatDate, formatTime } from '../../i18n/format';
import type { Language } from '../../i18n/languages';

/** Above this many seconds left, a countdown means little: the form says until when the place is held. */
export const HELD_UNTIL_ABOVE_SECONDS = 3600;

/**
 * What the form's timer shows: the minutes and seconds left of a lock (§4.1 'Time Left:'), or, for a waitlist offer
 * held for hours, the time it is held until, with its date when that is not today (all in the unit's time zone).
 */
export type TimerDisplay = { kind: 'countdown' } | { kind: 'heldUntil'; date: string | null; time: string };

export function timerDisplay(language: Language, secondsLeft: number, deadline: number, now: number): TimerDisplay {
  if (secondsLeft <= HELD_UNTIL_ABOVE_SECONDS) return { kind: 'countdown' };
  const until = new Date(deadline);
  const date = formatDate(language, until);
  return {
    kind: 'heldUntil',
    date: date === formatDate(language, new Date(now)) ? null : date,
    time: formatTime(language, until),
  };
}
