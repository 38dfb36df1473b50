import type { Knex } from 'knex';
import type { MessageLookups } from '../commands/messages/lookups';
import { findAppointments } from '../projections/appointments/queries';
import { readModelLookups } from './read-model-lookups';

/** The message dispatcher's lookups over the projections' queries. */
export function messageLookups(knex: Knex): MessageLookups {
  const lookups = readModelLookups(knex);
  return {
    calendar: lookups.calendar,
    template: lookups.template,
    sessionDates: lookups.sessionDates,
    async appointmentsNow(appointmentIds) {
      const found = await findAppointments(knex, appointmentIds);
      return new Map(
        [...found].map(([id, { calendarId, seriesId, date, startTime, endTime }]) => [
          id,
          { calendarId, seriesId, date, startTime, endTime },
        ]),
      );
    },
  };
}
