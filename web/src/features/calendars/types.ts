import type { z } from 'zod';
import type {
  calendarBody,
  calendarList,
  calendarResponse,
  calendarUser,
  calendarUserList,
  calendarUsersBody,
  calendarUsersChanged,
} from '../../../../api/calendars/schemas';

/** The calendar calls (§7 Calendars and dates), inferred from the API's own schemas (types only). */
export type Calendar = z.infer<typeof calendarResponse>;
export type CalendarBody = z.input<typeof calendarBody>;
export type CalendarList = z.infer<typeof calendarList>;
export type CalendarUser = z.infer<typeof calendarUser>;
export type CalendarUserList = z.infer<typeof calendarUserList>;
export type CalendarUsersBody = z.input<typeof calendarUsersBody>;
export type CalendarUsersChanged = z.infer<typeof calendarUsersChanged>;
export type CalendarLane = NonNullable<Calendar['lanes']>[number];

/** Flags of GET /api/calendars. */
export interface CalendarFilter {
  enabled?: boolean;
  excludeGroupSessions?: boolean;
  /** Each calendar with its lanes. */
  lanes?: boolean;
}
