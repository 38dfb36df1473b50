import type { DomainEvent } from '../shared/decider';
import type { SessionDate } from './series';

export type GroupSessionSeriesCreated = DomainEvent<
  'GroupSessionSeriesCreated',
  { seriesId: number; calendarId: number; name: string; sessionDates: SessionDate[]; deadline: string; spots: number; at: string }
>;

export type GroupSessionSeriesEvent = GroupSessionSeriesCreated;
export const groupSessionSeriesEventTypes: GroupSessionSeriesEvent['type'][] = ['GroupSessionSeriesCreated'];
