import type { DomainCommand } from '../shared/decider';
import type { CalendarSettings } from './calendar';

/**
 * Lanes in `settings` that come without an id are new: they take `newLaneIds` (reserved by the handler, one per
 * such lane), in order. A lane with an id must be one of the calendar's own, so none on a calendar being created.
 */
export type CreateCalendar = DomainCommand<
  'CreateCalendar',
  { calendarId: number; settings: CalendarSettings; newLaneIds: number[]; now: string }
>;
export type UpdateCalendar = DomainCommand<
  'UpdateCalendar',
  { calendarId: number; settings: CalendarSettings; newLaneIds: number[]; now: string }
>;

export type CalendarCommand = CreateCalendar | UpdateCalendar;
