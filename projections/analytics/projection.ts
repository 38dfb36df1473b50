import type { Knex } from 'knex';
import { calendarDateEventTypes, type CalendarDateEvent } from '../../domain/calendar-dates/events';
import { calendarEventTypes } from '../../domain/calendars/events';
import { categoryEventTypes } from '../../domain/categories/events';
import type { RecordedEvent } from '../../domain/event-store/port';
import { groupSessionSeriesEventTypes, type GroupSessionSeriesEvent } from '../../domain/group-session-series/events';
import { locationEventTypes } from '../../domain/locations/events';
import { serviceEventTypes } from '../../domain/services/events';
import type { DomainEvent } from '../../domain/shared/decider';
import type { Projection, ProjectionMemory } from '../runner/projection';
import { applyDimension, applySeries, type DimensionEvent } from './dimensions';
import { FactsBatch } from './facts';

/** Locks and holds change no figure an analyst sees: left out, so that a replay reads far fewer events. */
const IGNORED = new Set(['SlotLocked', 'SlotReleased', 'SpotsHeld', 'SpotsReleased']);
const DATE_TYPES = new Set<string>(calendarDateEventTypes);
const SERIES_TYPES = new Set<string>(groupSessionSeriesEventTypes);

/**
 * Read models for analysts (issue 17 item 3): de-identified tables in the `analytics` schema (migration 24), which
 * its views summarise. Appointments, their changes and the dates' slot counts are worked out a batch at a time
 * (FactsBatch); set-up (calendars, categories, locations, services) and courses an event at a time.
 */
export const analyticsProjection: Projection = {
  name: 'analytics',
  schema: 'analytics',
  tables: [
    'calendars',
    'categories',
    'locations',
    'services',
    'service_calendars',
    'calendar_dates',
    'appointments',
    'appointment_changes',
    'series',
    'registrations',
  ],
  eventTypes: [
    ...calendarEventTypes,
    ...categoryEventTypes,
    ...locationEventTypes,
    ...serviceEventTypes,
    ...calendarDateEventTypes,
    ...groupSessionSeriesEventTypes,
  ].filter((type) => !IGNORED.has(type)),
  apply: (trx, event, recorded) => applyAll(trx, [{ event, recorded }], new Map()),
  applyAll,
};

async function applyAll(
  trx: Knex.Transaction,
  events: { event: DomainEvent; recorded: RecordedEvent }[],
  memory: ProjectionMemory,
): Promise<void> {
  const facts = new FactsBatch(trx, memory);
  await facts.load(
    events.filter(({ event }) => DATE_TYPES.has(event.type)).map(({ event }) => event as CalendarDateEvent),
  );
  for (const { event, recorded } of events) {
    if (DATE_TYPES.has(event.type)) facts.apply(event as CalendarDateEvent, recorded);
    else if (SERIES_TYPES.has(event.type)) await applySeries(trx, event as GroupSessionSeriesEvent);
    else await applyDimension(trx, event as DimensionEvent);
  }
  await facts.write();
}
