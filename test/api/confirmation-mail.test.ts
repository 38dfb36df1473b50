import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { confirmationMailsProjection } from '../../projections/confirmation-mails/projection';
import { rebuildProjection } from '../../projections/runner/rebuild';
import { startTestApp, TEST_AUTH_SECRET, type TestApp } from '../support/app';
import { request } from '../support/http';
import { bearer, signIn } from '../support/identity';
import { createPublicService } from '../support/public-service';
import { parseMail, partOfType } from '../support/mail-message';
import { manageLinksIn } from '../support/manage-link';

/**
 * Issue 5, item 6: a booking on a calendar with e-mails enabled and an address sends the confirmation from the
 * calendar's template, in the appointment's language, with an .ics in the unit's zone; a failing mail server delays
 * the mail, never the booking. Real SMTP (smtp-server) that can be told to refuse; a clock the test moves.
 */

/** A real SMTP server on a free port that keeps what it receives and refuses the next `refusals` messages (451). */
async function startMailServer() {
  const state = { messages: [] as { to: string[]; raw: string }[], refusals: 0, refused: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.refusals > 0) {
          state.refusals--;
          state.refused++;
          return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
        }
        state.messages.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    state,
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Context {
  app: TestApp;
  mail: Awaited<ReturnType<typeof startMailServer>>;
  laneId: number;
  quietLaneId: number;
  sessionLaneId: number;
  serviceId: number;
}

let clock = new Date('2026-11-22T15:00:00Z');
const test = suite<Context>('api: confirmation e-mails');
const date = '2026-11-25';
const lane = {
  name: 'Nurse',
  startTime: '09:00:00',
  endTime: '11:00:00',
  durations: [{ value: 900, isDefault: true }],
  slotInterval: 900,
};
const classLane = {
  name: 'Educator',
  startTime: '18:00:00',
  endTime: '20:00:00',
  durations: [{ value: 7200, isDefault: true }],
  slotInterval: 7200,
};

const appointment = (lockToken: string, changes: Record<string, unknown> = {}) => ({
  lockToken,
  clientData: [{ firstName: 'Ada', lastName: 'Lovelace', preferredName: '' }],
  email: 'ada@example.com',
  language: 'en',
  phone: '613-555-0100',
  phoneReminderType: 2,
  agreeValidInfo: true,
  agreePhone: true,
  ...changes,
});

async function book(
  context: Context,
  laneId: number,
  startTime: string,
  endTime: string,
  changes: Record<string, unknown> = {},
) {
  const lock = await request(context.app.baseUrl, 'POST', '/api/public/locks', {
    calendarDateLaneId: laneId,
    startTime,
    endTime,
    serviceId: context.serviceId,
    ...(changes.spots ? { spots: changes.spots } : {}),
  });
  assert.is(lock.status, 201, lock.text);
  const started = Date.now();
  const booked = await request(
    context.app.baseUrl,
    'POST',
    '/api/public/appointments',
    appointment(lock.json.token, { serviceId: context.serviceId, ...changes }),
  );
  assert.is(booked.status, 201, booked.text);
  return { code: booked.json.confirmationCode as string, ms: Date.now() - started };
}

async function until<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const queue = (context: Context) => context.app.server.database.knex('mail_queue');
const lastRow = (context: Context) => queue(context).orderBy('id', 'desc').first();
/** The newest row, once the dispatcher has recorded it as sent (the mail arrives just before that). */
const sentRow = (context: Context) =>
  until('the row marked sent', async () => {
    const row = await lastRow(context);
    return row.status === 'sent' ? row : undefined;
  });
const queued = async (context: Context) => Number((await queue(context).count({ count: '*' }))[0]!.count);
const mailWith = (context: Context, code: string) =>
  until(`the mail with ${code}`, () => context.mail.state.messages.find((message) => message.raw.includes(code)));

test.before(async (context) => {
  context.mail = await startMailServer();
  context.app = await startTestApp({ now: () => clock, smtpUrl: context.mail.url });
  const admin = bearer(await signIn(context.app.baseUrl, context.app.seedAdmin.email, context.app.seedAdmin.password));
  const get = async (path: string) =>
    (await request(context.app.baseUrl, 'GET', `/api${path}`, undefined, admin)).json.items;
  const locationId = (await get('/locations')).find(
    (location: { name: string }) => location.name === 'Cornwall Office',
  ).id;
  const categoryId = (await get('/categories'))[0].id;
  const templates = await get('/templates');
  const templateId = (name: string) => templates.find((template: { name: string }) => template.name === name).id;
  const emails = {
    emailsEnabled: true,
    notificationTemplateId: templateId('Appointment confirmation'),
    reminderTemplateId: templateId('Appointment reminder'),
    reminderThreshold: 2,
  };
  const calendarIds: number[] = [];
  const calendar = async (settings: Record<string, unknown>, dates: Record<string, unknown>) => {
    const created = await request(
      context.app.baseUrl,
      'POST',
      '/api/calendars',
      { enabled: true, locationId, categoryId, ...settings },
      admin,
    );
    assert.is(created.status, 201, created.text);
    calendarIds.push(created.json.id);
    const added = await request(
      context.app.baseUrl,
      'POST',
      `/api/batch/calendars/${created.json.id}/dates`,
      dates,
      admin,
    );
    assert.is(added.status, 201, added.text);
    return added.json.items[0].lanes[0].id as number;
  };
  context.laneId = await calendar(
    { name: 'Mail test clinic', lanes: [lane], ...emails },
    { dates: [date], lanes: [lane] },
  );
  context.quietLaneId = await calendar(
    { name: 'Quiet clinic', lanes: [lane], emailsEnabled: false },
    { dates: [date], lanes: [lane] },
  );
  context.sessionLaneId = await calendar(
    { name: 'Prenatal course', groupSession: true, spots: 10, lanes: [classLane], ...emails },
    { dates: ['2026-12-02', '2026-12-09'], lanes: [classLane], deadline: '2026-11-30', spots: 10 },
  );
  context.serviceId = await createPublicService(context.app.baseUrl, admin, calendarIds);
});
test.after(async (context) => {
  await context.app?.stop();
  await context.mail?.stop();
});

test('a booking with an address sends one confirmation: template, English, sender, .ics in the unit’s zone', async (context) => {
  const { code } = await book(context, context.laneId, '09:00:00', '09:15:00');
  const raw = (await mailWith(context, code)).raw;
  const mail = parseMail(raw);
  assert.is(mail.headers.subject, 'Your appointment on Wednesday, November 25, 2026 is confirmed');
  assert.is(mail.headers.from, 'Health Unit <no-reply@healthunit.example>');
  assert.is(mail.headers.to, 'ada@example.com');
  const text = partOfType(mail, 'text/plain')!.body;
  assert.match(text, 'Hello Ada,');
  assert.match(
    text,
    'Your appointment at Mail test clinic is booked for Wednesday, November 25, 2026 at 9:00\u00a0a.m.',
  );
  assert.match(text, 'Cornwall Office\n1000 Pitt Street, Cornwall K6J 5T1');
  assert.match(text, `Confirmation code: ${code}`);
  assert.match(partOfType(mail, 'text/html')!.body, `<strong>${code}</strong>`);
  const ics = partOfType(mail, 'text/calendar')!;
  assert.match(ics.headers['content-disposition']!, 'appointment.ics');
  const lines = ics.body.replace(/\r\n /g, '').split('\r\n');
  for (const line of [
    'METHOD:PUBLISH',
    'TZID:America/Toronto',
    'DTSTART;TZID=America/Toronto:20261125T090000',
    'DTEND;TZID=America/Toronto:20261125T091500',
    'SUMMARY:Mail test clinic',
    `DESCRIPTION:Confirmation code: ${code}`,
  ]) {
    assert.ok(lines.includes(line), line);
  }
  assert.ok(lines.includes('TZOFFSETTO:-0500'), 'standard time in November');
  assert.is(context.mail.state.messages.filter((message) => message.raw.includes(code)).length, 1, 'exactly one');
  const row = await sentRow(context);
  assert.equal(
    [row.status, row.attempts, row.recipient, row.client_names, row.confirmation_code],
    ['sent', 1, null, null, null],
    'personal data dropped once sent',
  );
});

test('in French: the French subject, times and file name', async (context) => {
  const { code } = await book(context, context.laneId, '09:15:00', '09:30:00', {
    language: 'fr',
    clientData: [{ firstName: 'Marie', lastName: 'Curie', preferredName: 'Manya' }],
    email: 'marie@example.com',
  });
  const mail = parseMail((await mailWith(context, code)).raw);
  assert.is(mail.headers.subject, 'Votre rendez-vous du mercredi 25 novembre 2026 est confirmé');
  assert.is(mail.headers.from, 'Bureau de santé <no-reply@healthunit.example>');
  const text = partOfType(mail, 'text/plain')!.body;
  assert.match(text, 'Bonjour Manya,');
  assert.match(text, 'le mercredi 25 novembre 2026 à 9\u00a0h\u00a015.');
  assert.match(text, 'Bureau de Cornwall\n1000, rue Pitt, Cornwall K6J 5T1');
  assert.match(partOfType(mail, 'text/calendar')!.headers['content-disposition']!, 'rendez-vous.ics');
});

test('no address, or a calendar without e-mails: nothing queued, nothing sent', async (context) => {
  const before = context.mail.state.messages.length;
  const queuedBefore = await queued(context);
  await book(context, context.laneId, '09:30:00', '09:45:00', { email: '' });
  await book(context, context.quietLaneId, '09:00:00', '09:15:00');
  assert.is(await queued(context), queuedBefore, 'the 201 came after the projections: nothing was queued');
  await context.app.server.mailDispatcher.drain();
  assert.is(context.mail.state.messages.length, before);
});

test('a staff booking sends a confirmation only when staff ask for one', async (context) => {
  const admin = bearer(await signIn(context.app.baseUrl, context.app.seedAdmin.email, context.app.seedAdmin.password));
  const staffBook = async (startTime: string, endTime: string, sendConfirmationEmail: boolean) => {
    const lock = await request(
      context.app.baseUrl,
      'POST',
      '/api/locks',
      { calendarDateLaneId: context.laneId, startTime, endTime },
      admin,
    );
    assert.is(lock.status, 201, lock.text);
    const { agreeValidInfo: _v, agreePhone: _p, ...details } = appointment(lock.json.token, { sendConfirmationEmail });
    const booked = await request(
      context.app.baseUrl,
      'POST',
      '/api/appointments',
      { ...details, startTime, endTime },
      admin,
    );
    assert.is(booked.status, 201, booked.text);
    return booked.json.confirmationCode as string;
  };
  const queuedBefore = await queued(context);
  await staffBook('10:30:00', '10:45:00', false);
  assert.is(await queued(context), queuedBefore, 'not asked: nothing queued');
  const code = await staffBook('10:45:00', '11:00:00', true);
  await mailWith(context, code);
});

test('a refusing mail server: the booking answers at once; the mail follows on the retries', async (context) => {
  context.mail.state.refusals = 2;
  const { code, ms } = await book(context, context.laneId, '10:00:00', '10:15:00');
  assert.ok(ms < 3000, `the booking took ${ms} ms`);
  await until(
    'the first refusal',
    async () => context.mail.state.refused === 1 && (await lastRow(context)).status === 'pending',
  );
  let row = await lastRow(context);
  assert.equal(
    [row.attempts, row.due_at.toISOString()],
    [1, new Date(clock.getTime() + 60_000).toISOString()],
    'retried a minute later',
  );
  assert.match(row.last_error, 'try again later');
  assert.is(row.recipient, 'ada@example.com', 'kept for the retry');

  await context.app.server.mailDispatcher.drain();
  assert.is(context.mail.state.refused, 1, 'not before it is due');
  clock = new Date(clock.getTime() + 60_000);
  context.app.server.mailDispatcher.wake();
  await until(
    'the second refusal',
    async () => context.mail.state.refused === 2 && (await lastRow(context)).status === 'pending',
  );
  row = await lastRow(context);
  assert.equal(
    [row.attempts, row.due_at.toISOString()],
    [2, new Date(clock.getTime() + 120_000).toISOString()],
    'then two minutes later',
  );

  clock = new Date(clock.getTime() + 120_000);
  context.app.server.mailDispatcher.wake();
  await mailWith(context, code);
  row = await sentRow(context);
  assert.is(row.attempts, 3);
  assert.is(context.mail.state.messages.filter((message) => message.raw.includes(code)).length, 1);
});

test('a group-session registration: one event per session date; its link lapses when the last session ends', async (context) => {
  const { code } = await book(context, context.sessionLaneId, '18:00:00', '20:00:00', { spots: 1 });
  const mail = parseMail((await mailWith(context, code)).raw);
  const [link] = manageLinksIn(partOfType(mail, 'text/plain')!.body, {
    publicUrl: context.app.baseUrl,
    language: 'en',
    secret: TEST_AUTH_SECRET,
    now: clock,
  });
  assert.ok(link && link.verified !== 'invalid' && link.verified !== 'expired', 'a link with a valid token');
  assert.equal(link.verified.expiresAt, new Date('2026-12-10T01:00:00Z'), '20:00 in Toronto on the 9th');
  const lines = partOfType(mail, 'text/calendar')!.body.replace(/\r\n /g, '').split('\r\n');
  assert.is(lines.filter((line) => line === 'BEGIN:VEVENT').length, 2);
  assert.ok(lines.includes('DTSTART;TZID=America/Toronto:20261202T180000'));
  assert.ok(lines.includes('DTEND;TZID=America/Toronto:20261209T200000'));
  assert.is(mail.headers.subject, 'Your appointment on Wednesday, December 2, 2026 is confirmed');
});

test('a rebuild replays the bookings into the live queue and sends nothing again', async (context) => {
  await until(
    'every mail done',
    async () => (await queue(context).whereIn('status', ['pending', 'sending']).first()) === undefined,
  );
  const before = await queue(context).orderBy('id').select('id', 'appointment_id', 'status', 'attempts');
  const sent = context.mail.state.messages.length;
  const { store, database } = context.app.server;
  assert.ok((await rebuildProjection(confirmationMailsProjection, { store, knex: database.knex })) > 0);
  assert.equal(await queue(context).orderBy('id').select('id', 'appointment_id', 'status', 'attempts'), before);
  await context.app.server.mailDispatcher.drain();
  assert.is(context.mail.state.messages.length, sent);
});

test.run();
