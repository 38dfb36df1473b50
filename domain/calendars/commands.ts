import type { DomainCommand } from '../shared/decider';
import type { CalendarSettings } from './calendar';

export type CreateCalendar = DomainCommand<'CreateCalendar', { calendarId: number; settings: CalendarSettings; now: string }>;

export type CalendarCommand = CreateCalendar;
