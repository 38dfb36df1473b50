import { suite } from 'uvu';
import { dateWindow } from '../../../domain/calendar-dates/calendar-date';
import type { GroupSessionSeriesCommand } from '../../../domain/group-session-series/commands';
import type { GroupSessionSeriesEvent } from '../../../domain/group-session-series/events';
import { groupSessionSeriesDecider } from '../../../domain/group-session-series/decider';
import { scenario } from '../../support/given-when-then';
import { appointmentDetails } from '../../support/appointment-details';

const now = '2026-11-22T15:00:00.000Z';
const sessionDates = [
  { date: '2026-12-09', time: '18:00:00', duration: 7200 },
  { date: '2026-12-02', time: '18:00:00', duration: 7200 },
];
const { given } = scenario(groupSessionSeriesDecider);
const create = (
  changes: Partial<Extract<GroupSessionSeriesCommand, { type: 'CreateGroupSessionSeries' }>['data']> = {},
): GroupSessionSeriesCommand => ({
  type: 'CreateGroupSessionSeries',
  data: {
    seriesId: 3,
    calendarId: 5,
    name: 'Prenatal',
    sessionDates,
    deadline: '2026-11-30',
    spots: 12,
    window: dateWindow('2026-11-22'),
    now,
    ...changes,
  },
});

const test = suite('group-session series decider (§5 Dates and series)');
test('a series records its sessions in date order, deadline and spots', () => {
  given()
    .when(create())
    .then({
      type: 'GroupSessionSeriesCreated',
      data: {
        seriesId: 3,
        calendarId: 5,
        name: 'Prenatal',
        sessionDates: [sessionDates[1]!, sessionDates[0]!],
        deadline: '2026-11-30',
        spots: 12,
        at: now,
      },
    });
});
test('the registration deadline is required', () => {
  given()
    .when(create({ deadline: null }))
    .thenRefused('VALIDATION_FAILED');
});
test('spots from 1 to 100', () => {
  given()
    .when(create({ spots: 0 }))
    .thenRefused('VALIDATION_FAILED');
  given()
    .when(create({ spots: 101 }))
    .thenRefused('VALIDATION_FAILED');
  given()
    .when(create({ spots: 100 }))
    .then({
      type: 'GroupSessionSeriesCreated',
      data: {
        seriesId: 3,
        calendarId: 5,
        name: 'Prenatal',
        sessionDates: [sessionDates[1]!, sessionDates[0]!],
        deadline: '2026-11-30',
        spots: 100,
        at: now,
      },
    });
});
test('the deadline is not in the past and not after the first session', () => {
  given()
    .when(create({ deadline: '2026-11-21' }))
    .thenRefused('DATE_IN_PAST');
  given()
    .when(create({ deadline: '2026-12-03' }))
    .thenRefused('VALIDATION_FAILED');
});
test('a series needs sessions, and exists once', () => {
  given()
    .when(create({ sessionDates: [] }))
    .thenRefused('VALIDATION_FAILED');
  const created = groupSessionSeriesDecider.decide(create(), groupSessionSeriesDecider.initialState);
  given(...created)
    .when(create())
    .thenRefused('SERIES_ALREADY_EXISTS');
});
test.run();

/** A series of 10 spots, deadline 2026-11-30; holds last an hour. */
const created: GroupSessionSeriesEvent = {
  type: 'GroupSessionSeriesCreated',
  data: {
    seriesId: 3,
    calendarId: 5,
    name: 'Prenatal',
    sessionDates: [sessionDates[1]!, sessionDates[0]!],
    deadline: '2026-11-30',
    spots: 10,
    at: now,
  },
};
const instant = (time: string) => `2026-11-22T${time}.000Z`;
const hourAfter = (time: string) => new Date(Date.parse(instant(time)) + 3_600_000).toISOString();
const hold = (token: string, spots: number, time = '15:00:00', today = '2026-11-22'): GroupSessionSeriesCommand => ({
  type: 'HoldSpots',
  data: { today, now: instant(time), token, laneId: 41, spots, expiresAt: hourAfter(time) },
});
const held = (
  token: string,
  spots: number,
  time = '15:00:00',
  expiredTokens: string[] = [],
): GroupSessionSeriesEvent => ({
  type: 'SpotsHeld',
  data: {
    seriesId: 3,
    calendarId: 5,
    token,
    laneId: 41,
    spots,
    expiresAt: hourAfter(time),
    expiredTokens,
    at: instant(time),
  },
});
const appointment = (spots: number) => appointmentDetails({ language: 'fr', spots });
const register = (
  lockToken: string,
  spots: number,
  time = '15:10:00',
  today = '2026-11-22',
  appointmentId = 80,
): GroupSessionSeriesCommand => ({
  type: 'RegisterClient',
  data: {
    today,
    now: instant(time),
    appointmentId,
    lockToken,
    confirmationCode: 'ABCDEFGHJK',
    appointment: appointment(spots),
  },
});
const registered = (
  lockToken: string,
  spots: number,
  time = '15:10:00',
  appointmentId = 80,
): GroupSessionSeriesEvent => ({
  type: 'ClientRegistered',
  data: {
    seriesId: 3,
    calendarId: 5,
    appointmentId,
    confirmationCode: 'ABCDEFGHJK',
    lockToken,
    spots,
    appointment: appointment(spots),
    at: instant(time),
  },
});

const spots = suite('group-session series decider: holds and registrations');
spots('spots are held while free, for the lock time', () => {
  given(created).when(hold('t1', 3)).then(held('t1', 3));
  given(created, held('t1', 8)).when(hold('t2', 2)).then(held('t2', 2));
});
spots('spots held by live holds or taken by registrations are not free', () => {
  given(created, held('t1', 8)).when(hold('t2', 3)).thenRefused('SLOT_UNAVAILABLE');
  given(created, held('t1', 8), registered('t1', 8))
    .when(hold('t2', 3, '15:20:00'))
    .thenRefused('SLOT_UNAVAILABLE');
});
spots('a lapsed hold frees its spots and is dropped by the next hold', () => {
  given(created, held('t1', 10))
    .when(hold('t2', 4, '16:00:01'))
    .then(held('t2', 4, '16:00:01', ['t1']));
});
spots('registration closes after the deadline day', () => {
  given(created)
    .when(hold('t1', 1, '15:00:00', '2026-11-30'))
    .then(held('t1', 1));
  given(created)
    .when(hold('t1', 1, '15:00:00', '2026-12-01'))
    .thenRefused('REGISTRATION_CLOSED');
  given(created, held('t1', 1))
    .when(register('t1', 1, '15:10:00', '2026-12-01'))
    .thenRefused('REGISTRATION_CLOSED');
});
spots('a registration under its own hold takes the spots and uses the hold up', () => {
  given(created, held('t1', 10)).when(register('t1', 10)).then(registered('t1', 10));
  given(created, held('t1', 2), registered('t1', 2))
    .when(register('t1', 2, '15:20:00', '2026-11-22', 81))
    .thenRefused('LOCK_NOT_FOUND');
});
spots('the last spot is never given twice', () => {
  const history = [created, held('t1', 9), registered('t1', 9), held('t2', 1, '15:20:00')];
  given(...history)
    .when(hold('t3', 1, '15:21:00'))
    .thenRefused('SLOT_UNAVAILABLE');
  given(...history, registered('t2', 1, '15:30:00', 81))
    .when(hold('t3', 1, '15:40:00'))
    .thenRefused('SLOT_UNAVAILABLE');
});
spots('a lapsed hold still registers while the spots are free; not once others hold them', () => {
  given(created, held('t1', 4))
    .when(register('t1', 4, '17:00:00'))
    .then(registered('t1', 4, '17:00:00'));
  given(created, held('t1', 4), held('t2', 8, '16:30:00', ['t1']))
    .when(register('t1', 4, '16:40:00'))
    .thenRefused('LOCK_NOT_FOUND');
  given(created, held('t1', 4), held('t2', 7, '16:30:00'))
    .when(register('t1', 4, '16:40:00'))
    .thenRefused('SLOT_UNAVAILABLE');
});
spots('more spots than the hold asked for are taken only while free', () => {
  given(created, held('t1', 1), held('t2', 8)).when(register('t1', 2)).then(registered('t1', 2));
  given(created, held('t1', 1), held('t2', 9)).when(register('t1', 2)).thenRefused('SLOT_UNAVAILABLE');
});
spots('a hold is released once; an unknown token records nothing', () => {
  given(created, held('t1', 2))
    .when({ type: 'ReleaseSpots', data: { today: '2026-11-22', now, token: 't1' } })
    .then({ type: 'SpotsReleased', data: { seriesId: 3, calendarId: 5, token: 't1', at: now } });
  given(created)
    .when({ type: 'ReleaseSpots', data: { today: '2026-11-22', now, token: 't1' } })
    .then();
});
spots(
  'a registration naming a lane must name the hold’s; a hold takes no time, so times are not compared (issue 14)',
  () => {
    const claiming = (claimed: Record<string, unknown>): GroupSessionSeriesCommand => {
      const command = register('t1', 2);
      return { ...command, data: { ...command.data, claimed } } as GroupSessionSeriesCommand;
    };
    given(created, held('t1', 2))
      .when(claiming({ laneId: 41, startTime: '07:00:00', endTime: '07:05:00', duration: 300 }))
      .then(registered('t1', 2));
    given(created, held('t1', 2))
      .when(claiming({ laneId: 42 }))
      .thenRefused('SLOT_UNAVAILABLE');
  },
);
spots('no series, no holds', () => {
  given().when(hold('t1', 1)).thenRefused('SERIES_NOT_FOUND');
});
spots.run();

const unregistering = suite('group-session series decider: unregistering');
unregistering('staff take a registration back: its spots are free again', () => {
  const history = [created, held('t1', 10), registered('t1', 10)];
  given(...history)
    .when({ type: 'UnregisterClient', data: { appointmentId: 80, now } })
    .then({ type: 'ClientUnregistered', data: { seriesId: 3, calendarId: 5, appointmentId: 80, spots: 10, at: now } });
  const gone: GroupSessionSeriesEvent = {
    type: 'ClientUnregistered',
    data: { seriesId: 3, calendarId: 5, appointmentId: 80, spots: 10, at: now },
  };
  given(...history, gone)
    .when(hold('t2', 10, '15:30:00'))
    .then(held('t2', 10, '15:30:00'));
  given(...history, gone)
    .when({ type: 'UnregisterClient', data: { appointmentId: 80, now } })
    .thenRefused('REGISTRATION_NOT_FOUND');
});
unregistering.run();
