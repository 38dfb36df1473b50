import type { Knex } from 'knex';
import { hasAdminRights } from '../domain/users/user';
import { findCalendar, type CalendarRecord } from '../projections/calendars/queries';
import { HttpError } from './middleware/errors';
import type { Viewer } from './routing';

/** Administrators see every calendar; anyone else only the calendars they were given (§2.3 Manage Access). */
export const mayAccessCalendar = (viewer: Viewer, calendarId: number): boolean =>
  hasAdminRights(viewer.roles) || viewer.calendarIds.includes(calendarId);

/** The calendar a route addresses, or 404. */
export async function existingCalendar(knex: Knex, calendarId: number): Promise<CalendarRecord> {
  const calendar = await findCalendar(knex, calendarId);
  if (!calendar) throw new HttpError(404, 'CALENDAR_NOT_FOUND', 'There is no such calendar.');
  return calendar;
}

/** The calendar a route addresses: 404 when there is none, 403 when the viewer was not given it. */
export async function accessibleCalendar(knex: Knex, viewer: Viewer, calendarId: number): Promise<CalendarRecord> {
  const calendar = await existingCalendar(knex, calendarId);
  if (!mayAccessCalendar(viewer, calendarId))
    throw new HttpError(403, 'FORBIDDEN', 'You do not have access to this calendar.');
  return calendar;
}
