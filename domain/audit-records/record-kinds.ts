import { calendarDateStream } from '../calendar-dates/calendar-date';
import { calendarDateDecider } from '../calendar-dates/decider';
import { calendarStream } from '../calendars/calendar';
import { calendarDecider } from '../calendars/decider';
import { groupSessionSeriesDecider } from '../group-session-series/decider';
import { seriesStream } from '../group-session-series/series';
import { serviceDecider } from '../services/decider';
import { serviceStream } from '../services/service';
import { assertNever, type Decider, type DomainEvent } from '../shared/decider';
import { userDecider } from '../users/decider';
import { userStream } from '../users/user';
import { appointmentRecordFold, appointmentStands, type AppointmentRecordEvent } from './appointment-record';

/** The records an auditor can look at as of a moment. */
export const RECORD_KINDS = ['appointment', 'calendarDate', 'calendar', 'user', 'service', 'series'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** A record: a calendar date is named by its calendar and date, every other record by its id. */
export type RecordRef =
  | { kind: 'appointment'; id: number }
  | { kind: 'calendarDate'; calendarId: number; date: string }
  | { kind: 'calendar' | 'user' | 'service' | 'series'; id: number };
/** The records kept in one stream of their own (an appointment's events lie in the streams of its dates). */
export type StreamRecordRef = Exclude<RecordRef, { kind: 'appointment' }>;

/** How a record's state comes from its events, and whether a state is a record that stands (not deleted). */
export interface RecordFold {
  initialState: unknown;
  evolve(state: unknown, event: DomainEvent): unknown;
  stands(state: unknown): boolean;
}

const active = (state: unknown) => (state as { status: string }).status === 'active';

/** A decider's own fold, so that the state is exactly what its decisions saw. */
const deciderFold = <State, Event>(
  decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>,
): RecordFold => ({
  initialState: decider.initialState,
  evolve: (state, event) => decider.evolve(state as State, event as Event),
  stands: active,
});

export function recordFold(ref: RecordRef): RecordFold {
  switch (ref.kind) {
    case 'appointment': {
      const fold = appointmentRecordFold(ref.id);
      return {
        initialState: fold.initialState,
        evolve: (state, event) => fold.evolve(state as ReturnType<typeof fold.evolve>, event as AppointmentRecordEvent),
        stands: (state) => appointmentStands(state as ReturnType<typeof fold.evolve>),
      };
    }
    case 'calendarDate':
      return deciderFold(calendarDateDecider);
    case 'calendar':
      return deciderFold(calendarDecider);
    case 'user':
      return deciderFold(userDecider);
    case 'service':
      return deciderFold(serviceDecider);
    case 'series':
      return deciderFold(groupSessionSeriesDecider);
    default:
      return assertNever(ref);
  }
}

/** The stream that holds the record. */
export function recordStream(ref: StreamRecordRef): string {
  switch (ref.kind) {
    case 'calendarDate':
      return calendarDateStream(ref.calendarId, ref.date);
    case 'calendar':
      return calendarStream(ref.id);
    case 'user':
      return userStream(ref.id);
    case 'service':
      return serviceStream(ref.id);
    case 'series':
      return seriesStream(ref.id);
    default:
      return assertNever(ref);
  }
}

/** The id as the addresses carry it: the number, or `<calendarId>:<date>` for a calendar date. */
export const recordIdText = (ref: RecordRef): string =>
  ref.kind === 'calendarDate' ? `${ref.calendarId}:${ref.date}` : String(ref.id);
