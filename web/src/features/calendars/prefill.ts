import type { CalendarSettings } from '../../../../domain/calendars/calendar';

/**
 * What another screen (a request for a new calendar) may hand the New calendar form in the router state: settings to
 * start from instead of §3's defaults, and where to go once it is saved (instead of the list), carrying the new
 * calendar's id as a `SavedCalendarState`. The batch add of dates takes the same `returnTo`.
 */
export interface CalendarPrefill {
  settings: Partial<CalendarSettings>;
  returnTo?: string;
}

export interface CalendarPrefillState {
  calendarPrefill: CalendarPrefill;
}

/** The state a prefilled form returns with: the calendar saved and, from the batch add, the dates added. */
export interface SavedCalendarState {
  savedCalendarId: number;
  savedDates?: string[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The prefill in a router state, if there is one. */
export function calendarPrefillOf(state: unknown): CalendarPrefill | null {
  if (!isObject(state) || !isObject(state.calendarPrefill) || !isObject(state.calendarPrefill.settings)) return null;
  const { settings, returnTo } = state.calendarPrefill;
  return { settings: settings as Partial<CalendarSettings>, ...(typeof returnTo === 'string' ? { returnTo } : {}) };
}

/** The calendar saved by a prefilled form, from the router state it returned with. */
export function savedCalendarOf(state: unknown): SavedCalendarState | null {
  if (!isObject(state) || typeof state.savedCalendarId !== 'number') return null;
  const dates = Array.isArray(state.savedDates)
    ? state.savedDates.filter((date) => typeof date === 'string')
    : undefined;
  return { savedCalendarId: state.savedCalendarId, ...(dates ? { savedDates: dates } : {}) };
}
