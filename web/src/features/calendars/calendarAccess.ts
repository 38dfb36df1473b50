import { foldText } from '../../shared/foldText';
import type { CalendarUser } from './types';

/** The pure rules of /admin/calendars/{id}/users: which users are offered, and the new access set to send. */
export interface AccessFilter {
  /** Offer only users who have access to this other calendar (administrators always do). */
  otherCalendarId: number | undefined;
  /** Part of a name or e-mail address, matched without regard to case or accents. */
  text: string;
}

export function filterUsers(users: readonly CalendarUser[], { otherCalendarId, text }: AccessFilter): CalendarUser[] {
  const wanted = foldText(text);
  return users.filter(
    (user) =>
      (otherCalendarId === undefined || user.allCalendars || user.calendarIds.includes(otherCalendarId)) &&
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
