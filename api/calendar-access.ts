import { hasAdminRights } from '../domain/users/user';
import { HttpError } from './middleware/errors';
import type { Viewer } from './routing';

/** Administrators see every calendar; anyone else only the calendars they were given (§2.3 Manage Access). */
export const mayAccessCalendar = (viewer: Viewer, calendarId: number): boolean => hasAdminRights(viewer.roles) || viewer.calendarIds.includes(calendarId);

export function requireCalendarAccess(viewer: Viewer, calendarId: number): void {
  if (!mayAccessCalendar(viewer, calendarId)) throw new HttpError(403, 'FORBIDDEN', 'You do not have access to this calendar.');
}
