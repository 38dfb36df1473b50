import { suite } from 'uvu';
import { dateWindow } from '../../../domain/calendar-dates/calendar-date';
import type { GroupSessionSeriesCommand } from '../../../domain/group-session-series/commands';
import { groupSessionSeriesDecider } from '../../../domain/group-session-series/decider';
import { scenario } from '../../support/given-when-then';

const now = '2026-11-22T15:00:00.000Z';
const sessionDates = [
  { date: '2026-12-09', time: '18:00:00', duration: 7200 },
  { date: '2026-12-02', time: '18:00:00', duration: 7200 },
];
const { given } = scenario(groupSessionSeriesDecider);
const create = (changes: Partial<Extract<GroupSessionSeriesCommand, { type: 'CreateGroupSessionSeries' }>['data']> = {}): GroupSessionSeriesCommand => ({
  type: 'CreateGroupSessionSeries',
  data: { seriesId: 3, calendarId: 5, name: 'Prenatal', sessionDates, deadline: '2026-11-30', spots: 12, window: dateWindow('2026-11-22'), now, ...changes },
});

const test = suite('group-session series decider (§5 Dates and series)');
test('a series records its sessions in date order, deadline and spots', () => {
  given().when(create()).then({
    type: 'GroupSessionSeriesCreated',
    data: { seriesId: 3, calendarId: 5, name: 'Prenatal', sessionDates: [sessionDates[1]!, sessionDates[0]!], deadline: '2026-11-30', spots: 12, at: now },
  });
});
test('the registration deadline is required', () => {
  given().when(create({ deadline: null })).thenRefused('VALIDATION_FAILED');
});
test('spots from 1 to 100', () => {
  given().when(create({ spots: 0 })).thenRefused('VALIDATION_FAILED');
  given().when(create({ spots: 101 })).thenRefused('VALIDATION_FAILED');
  given().when(create({ spots: 100 })).then({
    type: 'GroupSessionSeriesCreated',
    data: { seriesId: 3, calendarId: 5, name: 'Prenatal', sessionDates: [sessionDates[1]!, sessionDates[0]!], deadline: '2026-11-30', spots: 100, at: now },
  });
});
test('the deadline is not in the past and not after the first session', () => {
  given().when(create({ deadline: '2026-11-21' })).thenRefused('DATE_IN_PAST');
  given().when(create({ deadline: '2026-12-03' })).thenRefused('VALIDATION_FAILED');
});
test('a series needs sessions, and exists once', () => {
  given().when(create({ sessionDates: [] })).thenRefused('VALIDATION_FAILED');
  const created = groupSessionSeriesDecider.decide(create(), groupSessionSeriesDecider.initialState);
  given(...created).when(create()).thenRefused('SERIES_ALREADY_EXISTS');
});
test.run();
