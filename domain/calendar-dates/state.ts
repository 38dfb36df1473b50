import type { DateContent, DateHoldings } from './calendar-date';

/** One calendar date's stream folded: absent, or the date with its lanes, flag, locks and appointments. */
export type CalendarDateState =
  { status: 'absent' } | ({ status: 'active'; calendarId: number; date: string } & DateContent & DateHoldings);

export type ActiveDate = Extract<CalendarDateState, { status: 'active' }>;
