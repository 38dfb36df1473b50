import type { ReadModelLookups } from '../read-model-lookups';

/** Where an appointment (or course registration) is now, as the appointments read model has it. */
export interface AppointmentNow {
  calendarId: number;
  seriesId: number | null;
  date: string | null;
  startTime: string | null;
  endTime: string | null;
}

/**
 * What the message dispatcher looks up when it sends: the calendar, its templates and a course's sessions as for a
 * confirmation, and the appointment as it is now (wired by the API over the projections' queries).
 */
export type MessageLookups = Pick<ReadModelLookups, 'calendar' | 'template' | 'sessionDates'> & {
  /** Those of `appointmentIds` that still exist (not deleted, the client not unregistered), in one read. */
  appointmentsNow(appointmentIds: number[]): Promise<Map<number, AppointmentNow>>;
};
