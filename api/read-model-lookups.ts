import type { Knex } from 'knex';
import type { ReadModelLookups } from '../commands/read-model-lookups';
import { batchedCalls } from '../domain/shared/batched-calls';
import { findDatesOfLanes, sessionDatesOf } from '../projections/calendar-dates/queries';
import { findCalendar } from '../projections/calendars/queries';
import { countCalendarsInCategory, findCategory } from '../projections/categories/queries';
import { countCalendarsAtLocation, findLocation } from '../projections/locations/queries';
import { calendarsAmong } from '../projections/services/queries';
import { countCalendarsSendingTemplate, findTemplate } from '../projections/templates/queries';
import {
  findStaffMember,
  findUser,
  findUserByEmail,
  findUserIdByResetDigest,
  listAdministratorEmails,
} from '../projections/users/queries';

/**
 * The commands' read-model port over the projections' queries. A lane's date is looked up by every public lock and
 * booking: the lookups made at the same moment (a rush) go out as one query.
 */
export function readModelLookups(knex: Knex): ReadModelLookups {
  const datesOfLanes = batchedCalls((laneIds: number[]) => findDatesOfLanes(knex, laneIds));
  return {
    userById: (userId) => findUser(knex, userId),
    userByEmail: (email) => findUserByEmail(knex, email),
    userIdByResetDigest: (codeDigest) => findUserIdByResetDigest(knex, codeDigest),
    staffMember: (userId) => findStaffMember(knex, userId),
    administratorEmails: () => listAdministratorEmails(knex),
    calendarsAmong: (ids) => calendarsAmong(knex, ids),
    calendarsAtLocation: (locationId) => countCalendarsAtLocation(knex, locationId),
    calendarsInCategory: (categoryId) => countCalendarsInCategory(knex, categoryId),
    calendarsSendingTemplate: (templateId) => countCalendarsSendingTemplate(knex, templateId),
    category: (categoryId) => findCategory(knex, categoryId),
    location: (locationId) => findLocation(knex, locationId),
    template: (templateId) => findTemplate(knex, templateId),
    calendar: (calendarId) => findCalendar(knex, calendarId),
    sessionDates: async (seriesId) => (await sessionDatesOf(knex, [seriesId])).get(seriesId) ?? [],
    dateOfLane: datesOfLanes,
  };
}
