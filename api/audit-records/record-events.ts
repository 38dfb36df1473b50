import { recordStream, type RecordRef } from '../../domain/audit-records/record-kinds';
import type { RecordEvent } from '../../domain/audit-records/versions';
import type { EventStore, LogPosition, RecordedEvent } from '../../domain/event-store/port';
import { upcast } from '../../domain/event-store/upcasters';
import { appointmentEvents } from '../../projections/audit-records/queries';
import type { AppDependencies } from '../dependencies';
import { HttpError } from '../middleware/errors';

/** The event types that can touch one appointment, for a store without the event table (EventStoreDB). */
const APPOINTMENT_EVENT_TYPES = [
  'AppointmentBooked',
  'AppointmentChanged',
  'AppointmentCancelled',
  'AppointmentMovedHere',
  'CalendarDateMovedHere',
  'ClientRegistered',
  'ClientUnregistered',
];
const SCAN_PAGE = 1_000;

const concerns = (recorded: RecordedEvent, appointmentId: number): boolean => {
  const data = recorded.data as { appointmentId?: number; bookings?: { appointmentId: number }[] };
  return (
    data.appointmentId === appointmentId ||
    (data.bookings ?? []).some((booking) => booking.appointmentId === appointmentId)
  );
};

/** One appointment's events found by reading the whole log (its types only): slow, but any store can answer it. */
export async function scanAppointmentEvents(store: EventStore, appointmentId: number): Promise<RecordedEvent[]> {
  const found: RecordedEvent[] = [];
  for (let after: LogPosition | null = null; ;) {
    const page = await store.readAll(after, SCAN_PAGE, APPOINTMENT_EVENT_TYPES);
    found.push(...page.filter((recorded) => concerns(recorded, appointmentId)));
    if (page.length < SCAN_PAGE) return found;
    after = page[page.length - 1]!.position;
  }
}

/** A record's events as the store holds them, in order; a record without any is a 404. */
export async function loadRecordEvents(dependencies: AppDependencies, ref: RecordRef): Promise<RecordedEvent[]> {
  const { store, knex } = dependencies;
  const events =
    ref.kind !== 'appointment'
      ? (await store.readStream(recordStream(ref))).events
      : store.name === 'postgres'
        ? await appointmentEvents(knex, ref.id)
        : await scanAppointmentEvents(store, ref.id);
  if (events.length === 0) throw new HttpError(404, 'RECORD_NOT_FOUND', 'There is no such record.');
  return events;
}

/** The events as the folds take them: upcast to their current shape, with the moment each occurred. */
export const toRecordEvents = (events: readonly RecordedEvent[]): RecordEvent[] =>
  events.map((recorded) => ({ event: upcast(recorded), occurredAt: recorded.metadata.occurredAt }));
