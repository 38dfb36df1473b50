import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Knex } from 'knex';
import { startTestApp, type TestApp } from '../support/app';
import { request } from '../support/http';
import { bearer, createUser, signIn, STRONG_PASSWORD } from '../support/identity';

/**
 * Issue 19 item 4: the Messages screen's API. Administrators list the messages of a day (sent that day, or due that
 * day in the unit's time zone) or of an appointment, by status, with masked recipients; they retry a failed one.
 * The rows are written straight into the queues (the dispatchers are stopped, so they stay as written). Today is
 * Tuesday 2026-11-24, 09:00 in Toronto.
 */
interface Context {
  app: TestApp;
  root: string;
  nurse: string;
  rootId: number;
  calendarId: number;
  appointmentId: number;
  ids: Record<
    'pending' | 'sentAfterMidnight' | 'sentBeforeMidnight' | 'failed' | 'failedGone' | 'confirmation',
    number
  >;
}

const clock = new Date('2026-11-24T14:00:00Z');
const test = suite<Context>('api: messages');
const lane = {
  name: 'Nurse',
  startTime: '09:00:00',
  endTime: '11:00:00',
  durations: [{ value: 900, isDefault: true }],
  slotInterval: 900,
};

const call = (context: Context, token: string, method: string, path: string, body?: unknown) =>
  request(context.app.baseUrl, method, `/api${path}`, body, bearer(token));
const knexOf = (context: Context): Knex => context.app.server.database.knex;

let keys = 0;
async function queued(context: Context, row: Record<string, unknown>): Promise<number> {
  const [inserted] = await knexOf(context)('message_queue')
    .insert({
      message_key: `test:${++keys}`,
      kind: 'reminder',
      channel: 'email',
      appointment_id: context.appointmentId,
      calendar_id: context.calendarId,
      date: '2026-11-26',
      start_time: '09:00:00',
      end_time: '09:15:00',
      offset_days: 2,
      language: 'en',
      status: 'pending',
      created_at: clock,
      updated_at: clock,
      ...row,
    })
    .returning('id');
  return Number((inserted as { id: string }).id);
}

const idsOf = (answer: { json: { items: { id: number; kind: string }[] } }, kind?: string) =>
  answer.json.items.filter((item) => kind === undefined || item.kind === kind).map((item) => item.id);

test.before(async (context) => {
  context.app = await startTestApp({ now: () => clock });
  await context.app.server.messageDispatcher.stop();
  await context.app.server.mailDispatcher.stop();
  const { baseUrl, seedAdmin } = context.app;
  context.root = await signIn(baseUrl, seedAdmin.email, seedAdmin.password);
  context.rootId = (await call(context, context.root, 'GET', '/me')).json.id;
  const locationId = (await call(context, context.root, 'GET', '/locations')).json.items[0].id;
  const categoryId = (await call(context, context.root, 'GET', '/categories')).json.items[0].id;
  const calendar = await call(context, context.root, 'POST', '/calendars', {
    name: 'Reminder clinic',
    enabled: true,
    locationId,
    categoryId,
    lanes: [lane],
    fields: [
      { name: 'firstName', required: true },
      { name: 'lastName', required: true },
    ],
  });
  assert.is(calendar.status, 201, calendar.text);
  context.calendarId = calendar.json.id;
  const added = await call(context, context.root, 'POST', `/batch/calendars/${context.calendarId}/dates`, {
    dates: ['2026-11-26'],
    lanes: [lane],
  });
  assert.is(added.status, 201, added.text);
  const held = await call(context, context.root, 'POST', '/locks', {
    calendarDateLaneId: added.json.items[0].lanes[0].id,
    startTime: '09:00:00',
    endTime: '09:15:00',
  });
  assert.is(held.status, 201, held.text);
  const booked = await call(context, context.root, 'POST', '/appointments', {
    lockToken: held.json.token,
    startTime: '09:00:00',
    endTime: '09:15:00',
    clientData: [{ firstName: 'Ada', lastName: 'Lovelace' }],
    email: 'ada.lovelace@example.org',
    language: 'en',
    phone: '613-555-0142',
    phoneReminderType: 0,
    sendConfirmationEmail: false,
  });
  assert.is(booked.status, 201, booked.text);
  context.appointmentId = booked.json.id;
  await createUser(baseUrl, context.root, {
    email: 'nurse@example.com',
    roles: ['ROLE_USER'],
    password: STRONG_PASSWORD,
    calendarIds: [context.calendarId],
  });
  context.nurse = await signIn(baseUrl, 'nurse@example.com', STRONG_PASSWORD);
  const ids = {
    // due today, not sent yet
    pending: await queued(context, {
      due_at: new Date('2026-11-24T14:00:00Z'),
      recipient: 'ada.lovelace@example.org',
      client_names: JSON.stringify([{ firstName: 'Ada', lastName: 'Lovelace', preferredName: '' }]),
      confirmation_code: 'ABCDE23456',
    }),
    // due yesterday, sent at 00:30 today in Toronto (05:30 UTC): today's
    sentAfterMidnight: await queued(context, {
      channel: 'sms',
      status: 'sent',
      due_at: new Date('2026-11-24T04:00:00Z'),
      sent_at: new Date('2026-11-24T05:30:00Z'),
    }),
    // sent at 23:30 yesterday in Toronto (04:30 UTC today): yesterday's
    sentBeforeMidnight: await queued(context, {
      status: 'sent',
      due_at: new Date('2026-11-24T04:00:00Z'),
      sent_at: new Date('2026-11-24T04:30:00Z'),
      offset_days: 3,
    }),
    failed: await queued(context, {
      kind: 'moved',
      offset_days: null,
      status: 'failed',
      attempts: 10,
      due_at: new Date('2026-11-24T15:00:00Z'),
      last_error: '550 mailbox unavailable',
    }),
    // an appointment that is gone: a cancellation notice that failed, its recipient cleared
    failedGone: await queued(context, {
      kind: 'cancelled',
      appointment_id: 999_999,
      status: 'failed',
      attempts: 10,
      due_at: new Date('2026-11-24T16:00:00Z'),
      last_error: 'timeout',
    }),
  };
  const [confirmation] = await knexOf(context)('mail_queue')
    .insert({
      purpose: 'appointment confirmation',
      appointment_id: context.appointmentId,
      calendar_id: context.calendarId,
      date: '2026-11-26',
      start_time: '09:00:00',
      end_time: '09:15:00',
      language: 'en',
      booked_at: clock,
      status: 'sent',
      due_at: clock,
      sent_at: clock,
      updated_at: clock,
    })
    .returning('id');
  context.ids = { ...ids, confirmation: Number((confirmation as { id: string }).id) };
});
test.after(async (context) => {
  await context.app?.stop();
});

test('a day lists what was sent that day or is due that day in the unit’s time zone, confirmations included', async (context) => {
  const today = await call(context, context.root, 'GET', '/messages?date=2026-11-24');
  assert.is(today.status, 200, today.text);
  const { ids } = context;
  const reminders = idsOf(today).filter((id) => Object.values(ids).includes(id));
  for (const id of [ids.pending, ids.sentAfterMidnight, ids.failed, ids.failedGone])
    assert.ok(reminders.includes(id), `message ${id} is today's`);
  assert.not.ok(idsOf(today).includes(ids.sentBeforeMidnight), 'sent at 23:30 yesterday');
  assert.equal(idsOf(today, 'confirmation'), [ids.confirmation]);
  const pending = today.json.items.find(
    (item: { id: number; kind: string }) => item.id === ids.pending && item.kind === 'reminder',
  );
  assert.equal(
    { ...pending, id: 0 },
    {
      id: 0,
      kind: 'reminder',
      channel: 'email',
      status: 'pending',
      dueAt: '2026-11-24T14:00:00.000Z',
      sentAt: null,
      attempts: 0,
      lastError: null,
      appointmentId: context.appointmentId,
      calendarId: context.calendarId,
      calendarName: 'Reminder clinic',
      date: '2026-11-26',
      startTime: '09:00:00',
      offsetDays: 2,
      recipient: 'a…@example.org',
      retryable: false,
    },
  );
  assert.not.ok(today.text.includes('lovelace'), 'no full address on the list');
  const yesterday = await call(context, context.root, 'GET', '/messages?date=2026-11-23');
  const written = new Set(Object.values(ids));
  assert.equal(
    idsOf(yesterday, 'reminder').filter((id) => written.has(id)),
    [ids.sentBeforeMidnight],
  );
});

test('by appointment and by status', async (context) => {
  const { ids } = context;
  const ofAppointment = await call(context, context.root, 'GET', `/messages?appointmentId=${context.appointmentId}`);
  assert.is(ofAppointment.status, 200, ofAppointment.text);
  const mine = new Set(idsOf(ofAppointment, 'reminder').concat(idsOf(ofAppointment, 'moved')));
  for (const id of [ids.pending, ids.sentAfterMidnight, ids.sentBeforeMidnight, ids.failed])
    assert.ok(mine.has(id), `message ${id} is the appointment's`);
  assert.not.ok(idsOf(ofAppointment).includes(ids.failedGone));
  assert.ok(
    ofAppointment.json.items.every((item: { appointmentId: number }) => item.appointmentId === context.appointmentId),
  );

  const failed = await call(context, context.root, 'GET', '/messages?date=2026-11-24&status=failed');
  assert.equal(idsOf(failed).sort(), [ids.failed, ids.failedGone].sort());
  assert.ok(failed.json.items.every((item: { retryable: boolean }) => item.retryable));
  assert.is(failed.json.items[0].lastError, '550 mailbox unavailable');
});

test('the list is recorded in the access log with the appointments it showed', async (context) => {
  await call(context, context.root, 'GET', `/messages?appointmentId=${context.appointmentId}`);
  await context.app.server.accessLog.flush();
  const entry = await knexOf(context)('access_log')
    .where({ user_id: context.rootId, action: 'messages' })
    .orderBy('position', 'desc')
    .first();
  assert.equal(entry.records, [{ kind: 'appointment', id: context.appointmentId }]);
  assert.is(entry.details.appointmentId, context.appointmentId);
});

test('the day view flags an appointment with a failed message', async (context) => {
  const day = await call(context, context.root, 'GET', `/calendars/${context.calendarId}/dates/2026-11-26?timeslots=1`);
  assert.is(day.status, 200, day.text);
  const slots = day.json.lanes[0].timeslots as { appointmentId: number | null; messageFailed: boolean }[];
  assert.equal(
    slots.filter((slot) => slot.messageFailed).map((slot) => slot.appointmentId),
    [context.appointmentId],
  );
  assert.ok(slots.every((slot) => slot.messageFailed === false || slot.appointmentId !== null));
});

test('retry makes a failed message pending, due now, with its full tries, to the current address', async (context) => {
  const knex = knexOf(context);
  const listening = await knex.client.acquireConnection();
  const notified: string[] = [];
  listening.on('notification', (message: { channel: string }) => notified.push(message.channel));
  await listening.query('listen message_queue');
  try {
    const retried = await call(context, context.root, 'POST', `/messages/${context.ids.failed}/retry`);
    assert.is(retried.status, 200, retried.text);
    assert.equal(retried.json, { id: context.ids.failed, status: 'pending', dueAt: clock.toISOString() });
    const row = await knex('message_queue').where({ id: context.ids.failed }).first();
    assert.is(row.status, 'pending');
    assert.is(row.attempts, 0);
    assert.is(row.due_at.toISOString(), clock.toISOString());
    assert.is(row.last_error, null);
    assert.is(row.recipient, 'ada.lovelace@example.org');
    assert.is(row.confirmation_code.length, 10);
    assert.equal(row.client_names, [{ firstName: 'Ada', lastName: 'Lovelace', preferredName: '' }]);
    for (let waited = 0; notified.length === 0 && waited < 2_000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(notified, ['message_queue'], 'the dispatchers are woken');
  } finally {
    await listening.query('unlisten message_queue');
    await knex.client.releaseConnection(listening);
  }
  await context.app.server.accessLog.flush();
  const entry = await knex('access_log').where({ user_id: context.rootId, action: 'message.retry' }).first();
  assert.equal(entry.records, [{ kind: 'appointment', id: context.appointmentId }]);
  assert.equal(entry.details, { messageId: context.ids.failed, kind: 'moved', channel: 'email' });

  const day = await call(context, context.root, 'GET', `/calendars/${context.calendarId}/dates/2026-11-26?timeslots=1`);
  assert.not.ok(day.json.lanes[0].timeslots.some((slot: { messageFailed: boolean }) => slot.messageFailed));
});

test('retry refuses a message that did not fail, one with nobody to send to, and an unknown one', async (context) => {
  const notFailed = await call(context, context.root, 'POST', `/messages/${context.ids.sentAfterMidnight}/retry`);
  assert.is(notFailed.status, 409, notFailed.text);
  assert.is(notFailed.json.error, 'MESSAGE_NOT_FAILED');
  const again = await call(context, context.root, 'POST', `/messages/${context.ids.failed}/retry`);
  assert.is(again.json.error, 'MESSAGE_NOT_FAILED', 'a second Retry finds it pending');
  const gone = await call(context, context.root, 'POST', `/messages/${context.ids.failedGone}/retry`);
  assert.is(gone.status, 409, gone.text);
  assert.is(gone.json.error, 'MESSAGE_RECIPIENT_UNKNOWN');
  const row = await knexOf(context)('message_queue').where({ id: context.ids.failedGone }).first();
  assert.is(row.status, 'failed', 'a refused retry leaves it as it was');
  const unknown = await call(context, context.root, 'POST', '/messages/987654/retry');
  assert.is(unknown.status, 404, unknown.text);
  assert.is(unknown.json.error, 'MESSAGE_NOT_FOUND');
});

test('only administrators; a bad date or status is a 400 naming the field', async (context) => {
  const nurse = await call(context, context.nurse, 'GET', '/messages?date=2026-11-24');
  assert.is(nurse.status, 403, nurse.text);
  const nurseRetry = await call(context, context.nurse, 'POST', `/messages/${context.ids.failedGone}/retry`);
  assert.is(nurseRetry.status, 403, nurseRetry.text);
  for (const [query, field] of [
    ['date=2026-13-40', 'date'],
    ['date=tomorrow', 'date'],
    ['status=lost', 'status'],
    ['appointmentId=abc', 'appointmentId'],
  ]) {
    const bad = await call(context, context.root, 'GET', `/messages?${query}`);
    assert.is(bad.status, 400, `${query}: ${bad.text}`);
    assert.ok(
      bad.json.issues.some((issue: { path: string[] }) => issue.path.includes(field!)),
      `${query} names ${field}`,
    );
  }
  const badId = await call(context, context.root, 'POST', '/messages/x/retry');
  assert.is(badId.status, 400, badId.text);
});

test.run();
