import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { messagesStream } from '../../domain/messages/events';
import { startTestApp, type TestApp } from '../support/app';
import { newEvent } from '../support/events';
import { request } from '../support/http';
import { bearer, signIn } from '../support/identity';

/**
 * Issue 19 item 3 and the history of messages: staff's "notify the client" on a move (same date or another) and a
 * delete reaches the recorded events, only when asked; each message sent or given up (MessageSent, MessageFailed on
 * `messages-{appointmentId}`) shows in the appointment's history, by the system. Today is 2026-11-24 in Toronto.
 */
interface Context {
  app: TestApp;
  root: Record<string, string>;
  calendarId: number;
  lanes: Record<string, number[]>;
}

const clock = new Date('2026-11-24T14:00:00Z');
const test = suite<Context>('api: notify the client, and messages in the history');
const lane = {
  name: 'Nurse',
  startTime: '09:00:00',
  endTime: '11:00:00',
  durations: [{ value: 900, isDefault: true }],
  slotInterval: 900,
};
const details = {
  clientData: [{ firstName: 'Ada', lastName: 'Lovelace' }],
  email: '',
  language: 'en',
  phone: '613-555-0100',
  phoneReminderType: 0,
};

const call = (context: Context, method: string, path: string, body?: unknown) =>
  request(context.app.baseUrl, method, `/api${path}`, body, context.root);

async function lockOn(context: Context, date: string, startTime: string, endTime: string) {
  const held = await call(context, 'POST', '/locks', {
    calendarDateLaneId: context.lanes[date]![0],
    startTime,
    endTime,
  });
  assert.is(held.status, 201, held.text);
  return held.json.token as string;
}

async function book(context: Context, date: string, startTime: string, endTime: string) {
  const lockToken = await lockOn(context, date, startTime, endTime);
  const booked = await call(context, 'POST', '/appointments', { lockToken, startTime, endTime, ...details });
  assert.is(booked.status, 201, booked.text);
  return booked.json as { id: number; version: number; calendarDateLaneId: number };
}

async function moveTo(context: Context, id: number, version: number, date: string, startTime: string, extra = {}) {
  const endTime = startTime.replace(/:00:00$/, ':15:00').replace(/:30:00$/, ':45:00');
  const lockToken = await lockOn(context, date, startTime, endTime);
  const moved = await call(context, 'PUT', `/appointments/${id}`, {
    ...details,
    version,
    date,
    calendarDateLaneId: context.lanes[date]![0],
    startTime,
    endTime,
    lockToken,
    ...extra,
  });
  assert.is(moved.status, 200, moved.text);
}

/** The `notifyClient` of the last event of that type on the date's stream, or 'absent'. */
async function notifyOn(context: Context, date: string, type: string): Promise<boolean | 'absent'> {
  const { events } = await context.app.server.store.readStream(`calendarDate-${context.calendarId}_${date}`);
  const event = events.filter((candidate) => candidate.type === type).at(-1);
  assert.ok(event, `a ${type} on ${date}`);
  const data = event.data as { notifyClient?: boolean };
  return 'notifyClient' in data ? data.notifyClient! : 'absent';
}

test.before(async (context) => {
  context.app = await startTestApp({ now: () => clock });
  context.root = bearer(await signIn(context.app.baseUrl, context.app.seedAdmin.email, context.app.seedAdmin.password));
  const locationId = (await call(context, 'GET', '/locations')).json.items[0].id;
  const categoryId = (await call(context, 'GET', '/categories')).json.items[0].id;
  const calendar = await call(context, 'POST', '/calendars', {
    name: 'Notice clinic',
    enabled: true,
    locationId,
    categoryId,
    lanes: [lane],
  });
  assert.is(calendar.status, 201, calendar.text);
  context.calendarId = calendar.json.id;
  const added = await call(context, 'POST', `/batch/calendars/${context.calendarId}/dates`, {
    dates: ['2026-11-25', '2026-11-26'],
    lanes: [lane],
  });
  assert.is(added.status, 201, added.text);
  context.lanes = Object.fromEntries(
    added.json.items.map((item: { date: string; lanes: { id: number }[] }) => [item.date, item.lanes.map((l) => l.id)]),
  );
});
test.after(async (context) => {
  await context.app?.stop();
});

test('a move asked to notify records the request, on the date and to another date; not asked, none', async (context) => {
  const booked = await book(context, '2026-11-25', '09:00:00', '09:15:00');
  await moveTo(context, booked.id, 1, '2026-11-25', '09:30:00', { notifyClient: true });
  assert.is(await notifyOn(context, '2026-11-25', 'AppointmentChanged'), true);
  await moveTo(context, booked.id, 2, '2026-11-26', '10:00:00', { notifyClient: true });
  assert.is(await notifyOn(context, '2026-11-26', 'AppointmentMovedHere'), true);
  await moveTo(context, booked.id, 3, '2026-11-26', '10:30:00');
  assert.is(await notifyOn(context, '2026-11-26', 'AppointmentChanged'), 'absent', 'omitted: false');
  await moveTo(context, booked.id, 4, '2026-11-25', '10:00:00', { notifyClient: false });
  assert.is(await notifyOn(context, '2026-11-25', 'AppointmentMovedHere'), 'absent');
  const refused = await call(context, 'PUT', `/appointments/${booked.id}`, {
    ...details,
    version: 5,
    date: '2026-11-25',
    calendarDateLaneId: context.lanes['2026-11-25']![0],
    startTime: '10:00:00',
    endTime: '10:15:00',
    notifyClient: 'yes',
  });
  assert.equal([refused.status, refused.json.issues?.[0]?.path], [400, ['notifyClient']]);
});

test('a delete asked to notify records the request; not asked, none; a bad flag is a 400', async (context) => {
  const first = await book(context, '2026-11-26', '09:00:00', '09:15:00');
  const bad = await call(context, 'DELETE', `/appointments/${first.id}?notifyClient=maybe`);
  assert.equal([bad.status, bad.json.issues?.[0]?.path], [400, ['notifyClient']]);
  const deleted = await call(context, 'DELETE', `/appointments/${first.id}?notifyClient=true`);
  assert.equal([deleted.status, deleted.json], [200, { deleted: true }]);
  assert.is(await notifyOn(context, '2026-11-26', 'AppointmentCancelled'), true);
  const second = await book(context, '2026-11-26', '09:15:00', '09:30:00');
  assert.is((await call(context, 'DELETE', `/appointments/${second.id}`)).status, 200);
  assert.is(await notifyOn(context, '2026-11-26', 'AppointmentCancelled'), 'absent');
});

test('messages sent and given up show in the history, by the system, with what went where', async (context) => {
  const booked = await book(context, '2026-11-26', '09:45:00', '10:00:00');
  const outcome = {
    appointmentId: booked.id,
    calendarId: context.calendarId,
    channel: 'email',
    recipientHint: 'a…@example.org',
    at: '2026-11-24T14:00:00.000Z',
  };
  const { position } = await context.app.server.store.append(messagesStream(booked.id), 'no_stream', [
    newEvent('MessageSent', { ...outcome, messageKey: `r-${booked.id}`, kind: 'reminder', offsetDays: 2 }),
    newEvent('MessageFailed', {
      ...outcome,
      messageKey: `c-${booked.id}`,
      kind: 'cancelled',
      channel: 'sms',
      offsetDays: null,
      recipientHint: '…0100',
      reason: 'delivery unknown: the sender stopped mid-send',
    }),
  ]);
  assert.ok(await context.app.server.runner.waitFor(position, 5000, ['appointments']));
  const history = await call(context, 'GET', `/appointments/${booked.id}/history`);
  assert.is(history.status, 200, history.text);
  const items = history.json.items as { action: string; updatedBy: string; changes: string[]; message: unknown }[];
  assert.equal(
    items.map((item) => [item.action, item.updatedBy]),
    [
      ['created', 'System Administrator'],
      ['messageSent', 'System'],
      ['messageFailed', 'System'],
    ],
  );
  assert.is(items[0]!.message, null);
  assert.equal(items[1]!.message, {
    kind: 'reminder',
    channel: 'email',
    offsetDays: 2,
    recipientHint: 'a…@example.org',
    reason: null,
  });
  assert.equal(items[2]!.message, {
    kind: 'cancelled',
    channel: 'sms',
    offsetDays: null,
    recipientHint: '…0100',
    reason: 'delivery unknown: the sender stopped mid-send',
  });
  assert.equal(items[2]!.changes, []);
});

test.run();
