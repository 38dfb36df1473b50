import type { MessageLookups } from './lookups';

/**
 * The calendar and template lookups kept for `ttlMs` (wall time): a run of reminders reads the same few calendars
 * and templates thousands of times. A change of either shows within that time; the appointment is always read fresh.
 */
export function cachedLookups(lookups: MessageLookups, ttlMs: number): MessageLookups {
  const remembered = new Map<string, { until: number; value: Promise<unknown> }>();
  function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const found = remembered.get(key);
    if (found && found.until > now) return found.value as Promise<T>;
    const value = load();
    remembered.set(key, { until: now + ttlMs, value });
    value.catch(() => remembered.delete(key));
    return value;
  }
  return {
    ...lookups,
    calendar: (calendarId) => cached(`calendar ${calendarId}`, () => lookups.calendar(calendarId)),
    template: (templateId) => cached(`template ${templateId}`, () => lookups.template(templateId)),
  };
}
