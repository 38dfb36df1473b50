import type { DomainEvent } from '../shared/decider';
import type { CalendarSettings } from './calendar';

export type CalendarCreated = DomainEvent<
  'CalendarCreated',
  { calendarId: number; settings: CalendarSettings; at: string }
>;
/** Only the settings that changed. */
export type CalendarUpdated = DomainEvent<
  'CalendarUpdated',
  { calendarId: number; changes: Partial<CalendarSettings>; at: string }
>;

export type CalendarEvent = CalendarCreated | CalendarUpdated;
export const calendarEventTypes: CalendarEvent['type'][] = ['CalendarCreated', 'CalendarUpdated'];

/**
 * CalendarCreated gained `lanes` in version 2, `nameFr` and `descriptionFr` in version 3, `extraReminderDays` in
 * version 4 (upcasters in domain/event-store/upcasters.ts). CalendarUpdated carries only what changed, so an older one is still current.
 */
export const calendarSchemaVersions = { CalendarCreated: 4 } as const;
