import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { messagesStream } from '../../domain/messages/events';
import { startTestApp, TEST_AUTH_SECRET, type TestApp } from '../support/app';
import { newEvent } from '../support/events';
import { request } from '../support/http';
import { bearer, signIn } from '../support/identity';
import { parseMail, partOfType } from '../support/mail-message';
import { manageLinksIn } from '../support/manage-link';
import { startSmtpCapture } from '../support/smtp-capture';

/**
 * Issue 19 item 3 and the history of messages: staff's "notify the client" on a move (same date or another) and a
 * delete reaches the recorded events, only when asked; each message sent or given up (MessageSent, MessageFailed on
 * `messages-{appointmentId}`) shows in the appointment's history, by the system. Today is 2026-11-24 in Toronto.
 */
interface Context {
  app: TestApp;
  mail: Awaited<ReturnType<typeof startSmtpCapture>>;
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
  context.mail = await startSmtpCapture();
  context.app = await startTestApp({ now: () => clock, smtpUrl: context.mail.url });
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
  await context.mail?.stop();
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

/** The captured mail whose subject is `subject` and text holds `marker`, once the dispatchers have sent it. */
async function mailAbout(context: Context, subject: string, marker: string) {
  for (let tries = 0; tries < 200; tries++) {
    await context.app.server.mailDispatcher.drain();
    await context.app.server.messageDispatcher.drain();
    for (const { raw } of context.mail.messages) {
      const mail = parseMail(raw);
      const text = partOfType(mail, 'text/plain')?.body ?? '';
      if (mail.headers.subject?.startsWith(subject) && text.includes(marker))
        return { text, html: partOfType(mail, 'text/html')?.body ?? '' };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail "${subject}" with ${marker}`);
}

test('the confirmation and a moved notice link to the booking until it ends (the new end after a move); a cancelled notice does not', async (context) => {
  const templates = (await call(context, 'GET', '/templates')).json.items as { id: number; name: string }[];
  const templateId = (name: string) => templates.find((template) => template.name === name)!.id;
  const created = await call(context, 'POST', '/calendars', {
    name: 'Mailing clinic',
    enabled: true,
    locationId: (await call(context, 'GET', '/locations')).json.items[0].id,
    categoryId: (await call(context, 'GET', '/categories')).json.items[0].id,
    lanes: [lane],
    emailsEnabled: true,
    notificationTemplateId: templateId('Appointment confirmation'),
    reminderTemplateId: templateId('Appointment reminder'),
    reminderThreshold: 2,
  });
  assert.is(created.status, 201, created.text);
  const added = await call(context, 'POST', `/batch/calendars/${created.json.id}/dates`, {
    dates: ['2026-11-25', '2026-11-26'],
    lanes: [lane],
  });
  assert.is(added.status, 201, added.text);
  const laneOn = (date: string): number =>
    added.json.items.find((item: { date: string }) => item.date === date).lanes[0].id;
  const lockAt = async (date: string, startTime: string, endTime: string) => {
    const held = await call(context, 'POST', '/locks', { calendarDateLaneId: laneOn(date), startTime, endTime });
    assert.is(held.status, 201, held.text);
    return held.json.token as string;
  };
  const withEmail = { ...details, email: 'ada@example.org', sendConfirmationEmail: true };
  const booked = await call(context, 'POST', '/appointments', {
    ...withEmail,
    lockToken: await lockAt('2026-11-25', '09:00:00', '09:15:00'),
    startTime: '09:00:00',
    endTime: '09:15:00',
  });
  assert.is(booked.status, 201, booked.text);
  const { id, confirmationCode } = booked.json as { id: number; confirmationCode: string };
  const linksIn = (body: string) =>
    manageLinksIn(body, { publicUrl: context.app.baseUrl, language: 'en', secret: TEST_AUTH_SECRET, now: clock });

  const confirmation = await mailAbout(context, 'Your appointment on', confirmationCode);
  const booking = { appointmentId: id, expiresAt: new Date('2026-11-25T14:15:00Z') };
  assert.equal(
    [...linksIn(confirmation.text), ...linksIn(confirmation.html)].map((link) => link.verified),
    [booking, booking, booking],
  );

  const moved = await call(context, 'PUT', `/appointments/${id}`, {
    ...withEmail,
    sendConfirmationEmail: false,
    version: 1,
    date: '2026-11-26',
    calendarDateLaneId: laneOn('2026-11-26'),
    startTime: '10:00:00',
    endTime: '10:15:00',
    lockToken: await lockAt('2026-11-26', '10:00:00', '10:15:00'),
    notifyClient: true,
  });
  assert.is(moved.status, 200, moved.text);
  const notice = await mailAbout(context, 'Your appointment has been moved', confirmationCode);
  const movedBooking = { appointmentId: id, expiresAt: new Date('2026-11-26T15:15:00Z') };
  assert.equal(
    [...linksIn(notice.text), ...linksIn(notice.html)].map((link) => link.verified),
    [movedBooking, movedBooking, movedBooking],
  );

  const deleted = await call(context, 'DELETE', `/appointments/${id}?notifyClient=true`);
  assert.is(deleted.status, 200, deleted.text);
  const cancelled = await mailAbout(context, 'Your appointment has been cancelled', confirmationCode);
  assert.not.match(cancelled.text + cancelled.html, '#token=');
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
