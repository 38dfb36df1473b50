import type { Knex } from 'knex';
import type { WaitlistOfferLookups } from '../../commands/waitlist/offer-lookups';
import { findCalendarDate, sessionDatesOf } from '../../projections/calendar-dates/queries';
import { findPublicService } from '../../projections/services/queries';
import { firstWaitingEntries, offersToSettle } from '../../projections/waitlist/queries';
import { readModelLookups } from '../read-model-lookups';

/** The waitlist offer process's lookups over the projections' queries. */
export function waitlistOfferLookups(knex: Knex): WaitlistOfferLookups {
  const { calendar, template, sessionDates, dateOfLane } = readModelLookups(knex);
  return {
    calendar,
    template,
    sessionDates,
    dateOfLane,
    async offersToSettle(now) {
      const records = await offersToSettle(knex, now.toISOString());
      return records.flatMap((record) =>
        record.offer
          ? [
              {
                target: record.target,
                entryId: record.entryId,
                holdToken: record.offer.holdToken,
                takenByAppointmentId: record.takenByAppointmentId,
              },
            ]
          : [],
      );
    },
    async linesWithWaiting() {
      return (await firstWaitingEntries(knex)).map((record) => record.target);
    },
    async publicService(serviceId) {
      const service = await findPublicService(knex, serviceId);
      return (
        service && {
          id: service.id,
          title: service.title,
          titleFr: service.titleFr,
          waitlistOfferHours: service.waitlistOfferHours,
          calendarIds: service.calendarIds,
          minDaysAhead: service.minDaysAhead,
          maxDaysAhead: service.maxDaysAhead,
        }
      );
    },
    async sessionLane(calendarId, seriesId) {
      const sessions = (await sessionDatesOf(knex, [seriesId])).get(seriesId) ?? [];
      for (const { date } of sessions) {
        const session = await findCalendarDate(knex, calendarId, date);
        const lane = session?.lanes[0];
        if (session?.enabled && session.groupSessionSeriesId === seriesId && lane) return lane.id;
      }
      return undefined;
    },
  };
}
