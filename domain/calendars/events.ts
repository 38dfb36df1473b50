import type { DomainEvent } from '../shared/decider';
import type { CalendarSettings } from './calendar';

export type CalendarCreated = DomainEvent<'CalendarCreated', { calendarId: number; settings: CalendarSettings; at: string }>;

export type CalendarEvent = CalendarCreated;
export const calendarEventTypes: CalendarEvent['type'][] = ['CalendarCreated'];
