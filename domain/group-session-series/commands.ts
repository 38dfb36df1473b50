import type { DomainCommand } from '../shared/decider';
import type { DateWindow } from '../calendar-dates/calendar-date';
import type { SessionDate } from './series';

export type CreateGroupSessionSeries = DomainCommand<
  'CreateGroupSessionSeries',
  { seriesId: number; calendarId: number; name: string; sessionDates: SessionDate[]; deadline: string | null; spots: number; window: DateWindow; now: string }
>;

export type GroupSessionSeriesCommand = CreateGroupSessionSeries;
