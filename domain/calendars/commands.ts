import type { DomainCommand } from '../shared/decider';
import type { CalendarSettings } from './calendar';

/** Lanes in `settings` carry their ids: the handler gives new lanes one before deciding. */
export type CreateCalendar = DomainCommand<'CreateCalendar', { calendarId: number; settings: CalendarSettings; now: string }>;
export type UpdateCalendar = DomainCommand<'UpdateCalendar', { calendarId: number; settings: CalendarSettings; now: string }>;

export type CalendarCommand = CreateCalendar | UpdateCalendar;
