import { suite } from 'uvu';
import type { GroupSessionSeriesCommand } from '../../../domain/group-session-series/commands';
import { groupSessionSeriesDecider } from '../../../domain/group-session-series/decider';
import type { GroupSessionSeriesEvent } from '../../../domain/group-session-series/events';
import { appointmentDetails } from '../../support/appointment-details';
import { scenario } from '../../support/given-when-then';

/** Issue 20: a registration remembers its public service; the client's own unregistration asks for a notice. */
const now = '2026-11-22T15:00:00.000Z';
const { given } = scenario(groupSessionSeriesDecider);
const appointment = appointmentDetails({ spots: 2, email: 'client@example.org' });
const created: GroupSessionSeriesEvent = {
  type: 'GroupSessionSeriesCreated',
  data: {
    seriesId: 3,
    calendarId: 5,
    name: 'Prenatal',
    sessionDates: [{ date: '2026-12-02', time: '18:00:00', duration: 7200 }],
    deadline: '2026-11-30',
    spots: 10,
    at: now,
  },
};
const held: GroupSessionSeriesEvent = {
  type: 'SpotsHeld',
  data: {
    seriesId: 3,
    calendarId: 5,
    token: 't1',
    laneId: 41,
    spots: 2,
    expiresAt: '2026-11-22T16:00:00.000Z',
    expiredTokens: [],
    at: now,
  },
};
const register = (serviceId?: number): GroupSessionSeriesCommand => ({
  type: 'RegisterClient',
  data: {
    today: '2026-11-22',
    now,
    appointmentId: 80,
    lockToken: 't1',
    confirmationCode: 'ABCDEFGHJK',
    appointment,
    ...(serviceId === undefined ? {} : { serviceId }),
  },
});
const registered = (serviceId?: number): GroupSessionSeriesEvent => ({
  type: 'ClientRegistered',
  data: {
    seriesId: 3,
    calendarId: 5,
    appointmentId: 80,
    confirmationCode: 'ABCDEFGHJK',
    lockToken: 't1',
    spots: 2,
    appointment,
    ...(serviceId === undefined ? {} : { serviceId }),
    at: now,
  },
});

const test = suite('group-session series decider: self-service (issue 20)');
test('a registration through a service records the service on its event', () => {
  given(created, held).when(register(12)).then(registered(12));
});
test('a registration without a service has no serviceId at all', () => {
  given(created, held).when(register()).then(registered());
});
test('an unregistration asked to notify the client says so on its event', () => {
  given(created, held, registered(12))
    .when({ type: 'UnregisterClient', data: { appointmentId: 80, now, notifyClient: true } })
    .then({
      type: 'ClientUnregistered',
      data: { seriesId: 3, calendarId: 5, appointmentId: 80, spots: 2, notifyClient: true, at: now },
    });
});
test('an unregistration not asked to notify has no flag at all', () => {
  given(created, held, registered(12))
    .when({ type: 'UnregisterClient', data: { appointmentId: 80, now, notifyClient: false } })
    .then({ type: 'ClientUnregistered', data: { seriesId: 3, calendarId: 5, appointmentId: 80, spots: 2, at: now } });
});
test.run();
