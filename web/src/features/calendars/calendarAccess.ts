import { foldText } from '../../shared/foldText';
import type { CalendarUser } from './types';

/** The pure rules of /admin/calendars/{id}/users: which users are offered, and the new access set to send. */
export interface AccessFilter {
  /** Offer only users who have access to this other calendar (administrators always do). */
  otherCalendarId: number | undefined;
  /** Offer only users given this category, or this location (§3 categoryIds, locationIds; administrators always). */
  categoryId: number | undefined;
  locationId: number | undefined;
  /** Part of a name or e-mail address, matched without regard to case or accents. */
  text: string;
}

export function filterUsers(users: readonly CalendarUser[], filter: AccessFilter): CalendarUser[] {
  const { otherCalendarId, categoryId, locationId } = filter;
  const wanted = foldText(filter.text);
  const holds = (user: CalendarUser, ids: readonly number[], id: number | undefined) =>
    id === undefined || user.allCalendars || ids.includes(id);
  return users.filter(
    (user) =>
      holds(user, user.calendarIds, otherCalendarId) &&
      holds(user, user.categoryIds, categoryId) &&
      holds(user, user.locationIds, locationId) &&
      (wanted === '' || foldText(user.name).includes(wanted) || foldText(user.email).includes(wanted)),
  );
}

/** Administrators have access to every calendar: they are never selected, granted or revoked. */
export const isSelectable = (user: CalendarUser) => !user.allCalendars;

export type AccessChange = 'grant' | 'revoke';

/** The full set PUT /api/calendars/{id}/users expects: who has access now, plus or minus the chosen users. */
export function nextAccess(
  users: readonly CalendarUser[],
  chosen: ReadonlySet<number>,
  change: AccessChange,
): number[] {
  return users
    .filter(isSelectable)
    .filter((user) => (change === 'grant' ? user.access || chosen.has(user.id) : user.access && !chosen.has(user.id)))
    .map((user) => user.id);
}
