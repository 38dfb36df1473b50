import type { z } from 'zod';
import type { Lane } from '../../../../domain/calendars/lane';
import type {
  batchAddBody,
  batchCopyBody,
  batchDeleteBody,
  batchDeleted,
  batchModifyBody,
  batchMoveBody,
  calendarDateBody,
  calendarDateList,
  calendarDateResponse,
} from '../../../../api/calendar-dates/schemas';

/** The calendar date calls (§7 Calendars and dates), inferred from the API's own schemas (types only). */
export type CalendarDate = z.infer<typeof calendarDateResponse>;
export type CalendarDateList = z.infer<typeof calendarDateList>;
export type DateLaneWithSlots = CalendarDate['lanes'][number];
export type Timeslot = NonNullable<DateLaneWithSlots['timeslots']>[number];
export type CalendarDateBody = z.input<typeof calendarDateBody>;
export type BatchAddBody = z.input<typeof batchAddBody>;
export type BatchCopyBody = z.input<typeof batchCopyBody>;
export type BatchModifyBody = z.input<typeof batchModifyBody>;
export type BatchDeleteBody = z.input<typeof batchDeleteBody>;
export type BatchMoveBody = z.input<typeof batchMoveBody>;
export type BatchDeleted = z.infer<typeof batchDeleted>;

/** What the dates tool hands to the batch add and edit forms in the router state (never in the address). */
export interface BatchDatesState {
  dates: string[];
  /** Lanes the add form starts from instead of the calendar's (a request for dates). */
  lanes?: Lane[];
  /** Where to go once the dates are added, carrying a SavedCalendarState (instead of the dates tool). */
  returnTo?: string;
}
