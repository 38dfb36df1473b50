import type { AppointmentDetails } from '../appointments/appointment';
import type { CopySource } from '../calendar-dates/calendar-date';
import type { CalendarDateEvent } from '../calendar-dates/events';
import type { GroupSessionSeriesEvent } from '../group-session-series/events';
import { assertNever } from '../shared/decider';

/**
 * One appointment as its events made it, for auditors: appointments live inside the streams of the dates they were
 * on (and course registrations inside their series' stream), so this view folds the events of one appointment
 * gathered across those streams, in log order: booked → changed → moved → cancelled (registered → unregistered).
 */
export interface AppointmentRecord {
  appointmentId: number;
  calendarId: number;
  /** The clinic date; null for a course registration. */
  date: string | null;
  laneId: number | null;
  startTime: string | null;
  endTime: string | null;
  seriesId: number | null;
  confirmationCode: string;
  version: number;
  appointment: AppointmentDetails;
  /** The appointment it was copied from (staff's Copy and Paste). */
  copiedFrom?: CopySource;
  bookedAt: string;
  changedAt: string;
}

export type AppointmentRecordState =
  { status: 'absent' } | ({ status: 'booked' | 'cancelled' | 'registered' | 'unregistered' } & AppointmentRecord);

export type AppointmentRecordEvent = CalendarDateEvent | GroupSessionSeriesEvent;

/** Whether the appointment stands (booked, or registered for a course). */
export const appointmentStands = (state: AppointmentRecordState): boolean =>
  state.status === 'booked' || state.status === 'registered';

/** The fold of one appointment's events: its initial state and evolve, for `appointmentId`. */
export function appointmentRecordFold(appointmentId: number) {
  const initialState: AppointmentRecordState = { status: 'absent' };
  const evolve = (state: AppointmentRecordState, event: AppointmentRecordEvent): AppointmentRecordState => {
    switch (event.type) {
      case 'AppointmentBooked': {
        const { data } = event;
        if (data.appointmentId !== appointmentId) return state;
        return {
          status: 'booked',
          appointmentId,
          calendarId: data.calendarId,
          date: data.date,
          laneId: data.laneId,
          startTime: data.startTime,
          endTime: data.endTime,
          seriesId: null,
          confirmationCode: data.confirmationCode,
          version: 1,
          appointment: data.appointment,
          ...(data.copiedFrom ? { copiedFrom: data.copiedFrom } : {}),
          bookedAt: data.at,
          changedAt: data.at,
        };
      }
      case 'AppointmentChanged': {
        const { data } = event;
        if (data.appointmentId !== appointmentId || state.status === 'absent') return state;
        const { date, laneId, startTime, endTime, version, appointment, at } = data;
        return { ...state, date, laneId, startTime, endTime, version, appointment, changedAt: at };
      }
      case 'AppointmentMovedHere': {
        const { data } = event;
        if (data.appointmentId !== appointmentId) return state;
        const { calendarId, date, laneId, startTime, endTime, version, confirmationCode, appointment, at } = data;
        const before = state.status === 'absent' ? { seriesId: null, bookedAt: at } : state;
        return {
          ...before,
          status: 'booked',
          appointmentId,
          calendarId,
          date,
          laneId,
          startTime,
          endTime,
          version,
          confirmationCode,
          appointment,
          changedAt: at,
        };
      }
      case 'CalendarDateMovedHere': {
        const booking = (event.data.bookings ?? []).find((candidate) => candidate.appointmentId === appointmentId);
        if (!booking || state.status === 'absent') return state;
        const { laneId, startTime, endTime } = booking;
        return { ...state, date: event.data.date, laneId, startTime, endTime, changedAt: event.data.at };
      }
      case 'AppointmentCancelled':
        if (event.data.appointmentId !== appointmentId || state.status === 'absent') return state;
        return { ...state, status: 'cancelled', changedAt: event.data.at };
      case 'ClientRegistered': {
        const { data } = event;
        if (data.appointmentId !== appointmentId) return state;
        return {
          status: 'registered',
          appointmentId,
          calendarId: data.calendarId,
          date: null,
          laneId: null,
          startTime: null,
          endTime: null,
          seriesId: data.seriesId,
          confirmationCode: data.confirmationCode,
          version: 1,
          appointment: data.appointment,
          bookedAt: data.at,
          changedAt: data.at,
        };
      }
      case 'ClientUnregistered':
        if (event.data.appointmentId !== appointmentId || state.status === 'absent') return state;
        return { ...state, status: 'unregistered', changedAt: event.data.at };
      // the source date's half of a move: the target's AppointmentMovedHere, in the same append, has the new place
      case 'AppointmentMovedAway':
      case 'CalendarDateAdded':
      case 'CalendarDateUpdated':
      case 'CalendarDateDeleted':
      case 'CalendarDateMovedAway':
      case 'SlotLocked':
      case 'SlotReleased':
      case 'GroupSessionSeriesCreated':
      case 'SpotsHeld':
      case 'SpotsReleased':
        return state;
      default:
        return assertNever(event);
    }
  };
  return { initialState, evolve };
}
