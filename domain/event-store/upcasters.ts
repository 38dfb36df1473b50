import { defaultLane } from '../calendars/lane';
import { selfServiceDefaults } from '../services/service';
import type { DomainEvent } from '../shared/decider';
import type { RecordedEvent } from './port';

/**
 * Events are never edited: when an event's shape changes it gets a new schemaVersion, and an upcaster here turns
 * each older version into the current shape as it is read. Keyed by `Type@version`; they chain until none applies.
 */
type Upcaster = (data: unknown) => { data: unknown; schemaVersion: number };

export const upcasters: Record<string, Upcaster> = {
  /** Calendars created before lanes existed start with the default lane; it gets an id at the next save. */
  'CalendarCreated@1': (data) => {
    const created = data as { settings: Record<string, unknown> };
    return { data: { ...created, settings: { lanes: [defaultLane()], ...created.settings } }, schemaVersion: 2 };
  },
  /**
   * Calendars created before they had French texts have none (not a copy of the English: staff see the French
   * fields empty on the form, and the French public pages show the English until they are filled in).
   */
  'CalendarCreated@2': (data) => {
    const created = data as { settings: Record<string, unknown> };
    return { data: { ...created, settings: { nameFr: '', descriptionFr: '', ...created.settings } }, schemaVersion: 3 };
  },
  /** Calendars created before several reminders (issue 19) remind once, at their threshold. */
  'CalendarCreated@3': (data) => {
    const created = data as { settings: Record<string, unknown> };
    return { data: { ...created, settings: { extraReminderDays: [], ...created.settings } }, schemaVersion: 4 };
  },
  /** Services created before self-service (issue 20) let the public change their bookings until 24 hours before. */
  'ServiceCreated@1': (data) => {
    const created = data as { fields: Record<string, unknown> };
    return { data: { ...created, fields: { ...selfServiceDefaults, ...created.fields } }, schemaVersion: 2 };
  },
};

export function upcast(recorded: Pick<RecordedEvent, 'type' | 'data' | 'schemaVersion'>): DomainEvent {
  let { data, schemaVersion } = recorded;
  for (
    let upcaster = upcasters[`${recorded.type}@${schemaVersion}`];
    upcaster;
    upcaster = upcasters[`${recorded.type}@${schemaVersion}`]
  ) {
    ({ data, schemaVersion } = upcaster(data));
  }
  return { type: recorded.type, data };
}
