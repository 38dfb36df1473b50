import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { smtpMailer } from '../../../commands/mail/smtp';
import type { MessageDispatcher } from '../../../commands/messages/dispatcher';
import { DELIVERY_UNKNOWN } from '../../../commands/messages/queue';
import { PermanentMessagingError } from '../../../commands/messaging/port';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { parseMail, partOfType } from '../../support/mail-message';
import { startSmtpCapture } from '../../support/smtp-capture';
import { manageLinksIn } from '../../support/manage-link';
import { PostgresEventStore } from '../../../commands/event-store/postgres';
import { recordOutcome } from '../../../commands/messages/record-outcome';
import {
  addAppointment,
  APPOINTMENT,
  captureLog,
  clock,
  enqueue,
  historyOf,
  MANAGE_LINKS,
  recordingMailer,
  recordingMessenger,
  rowOf,
  seedReadModels,
  startDispatcher,
} from './queue-fixture';

/**
 * The message dispatcher over a real `message_queue`, event store and SMTP capture: what a reminder and a notice
 * carry, retries and the final failure, a sender that stopped mid-send, and messages no longer to be sent.
 */
interface Context {
  database: TestDatabase;
  dispatchers: MessageDispatcher[];
}

const test = suite<Context>('messages: the dispatcher');
const start = clock.now;

/** The "manage my booking" links of a body (issue 20), verified with the dispatcher's secret. */
const linksIn = (body: string, language: 'en' | 'fr' = 'en') =>
  manageLinksIn(body, { ...MANAGE_LINKS, secret: MANAGE_LINKS.authSecret, language, now: clock.now });

function dispatcher(context: Context, parts: Parameters<typeof startDispatcher>[1] = {}) {
  const started = startDispatcher(context.database, parts);
  context.dispatchers.push(started);
  return started;
}

test.before(async (context) => {
  context.database = await createTestDatabase();
  context.dispatchers = [];
  await seedReadModels(context.database);
});
test.before.each(() => {
  clock.now = start;
});
test.after.each(async (context) => {
  await Promise.all(context.dispatchers.splice(0).map((started) => started.stop()));
});
test.after(async (context) => {
  await context.database?.drop();
});

test('a reminder e-mail goes out through SMTP with the reminder template and the appointment .ics, and is recorded as sent', async (context) => {
  const capture = await startSmtpCapture();
  try {
    const started = dispatcher(context, { mailer: smtpMailer(capture.url, 'booking@unit.example') });
    const appointmentId = await addAppointment(context.database);
    const id = await enqueue(context.database, appointmentId);
    // The dispatcher's own first pass may take the row before this drain does; either way it is sent when drain
    // resolves (a drain asked for during a pass waits for it).
    await started.drain();
    assert.is(capture.messages.length, 1);
    assert.equal(capture.messages[0]!.to, ['ada@example.org']);
    const mail = parseMail(capture.messages[0]!.raw);
    assert.match(mail.headers.subject ?? '', 'Reminder: your appointment on');
    const text = partOfType(mail, 'text/plain')!.body;
    assert.match(text, 'Hello Ada Lovelace');
    assert.match(text, 'This is a reminder of your appointment on');
    assert.match(text, 'Cornwall Office');
    assert.match(text, 'Confirmation code: ABCDE23456');
    const end = new Date('2026-12-03T14:15:00Z'); // 09:15 in Toronto
    const links = [...linksIn(text), ...linksIn(partOfType(mail, 'text/html')!.body)];
    assert.is(links.length, 3, 'one in the text, the address and its text in the HTML');
    for (const link of links) assert.equal(link.verified, { appointmentId, expiresAt: end });
    assert.match(text, `To view, reschedule or cancel your booking: ${MANAGE_LINKS.publicUrl}/en/appointment#token=`);
    const ics = partOfType(mail, 'text/calendar')!.body;
    assert.match(ics, 'METHOD:PUBLISH');
    assert.match(ics, `UID:appointment-${appointmentId}@healthunit.example`);
    assert.match(ics, 'DTSTART;TZID=America/Toronto:20261203T090000');
    const row = await rowOf(context.database, id);
    assert.equal(
      [row.status, row.attempts, row.recipient, row.client_names, row.confirmation_code],
      ['sent', 1, null, null, null],
    );
    const history = await historyOf(context.database, appointmentId);
    assert.equal(
      history.map((event) => [event.type, event.data.recipientHint, event.data.kind, event.data.offsetDays]),
      [['MessageSent', 'a…@example.org', 'reminder', 2]],
    );
  } finally {
    await capture.stop();
  }
});

test('a French reminder is written from the French template', async (context) => {
  const mailer = recordingMailer();
  const appointmentId = await addAppointment(context.database);
  await enqueue(context.database, appointmentId, { language: 'fr' });
  await dispatcher(context, { mailer }).drain();
  assert.match(mailer.sent[0]!.text, 'Nous vous rappelons votre rendez-vous');
  assert.match(mailer.sent[0]!.text, 'Bureau de Cornwall');
  assert.is(mailer.sent[0]!.attachments?.[0]?.filename, 'rendez-vous.ics');
  assert.is(linksIn(mailer.sent[0]!.text, 'fr').length, 1, 'the link leads to the French page');
  assert.match(mailer.sent[0]!.text, 'Pour consulter, déplacer ou annuler votre réservation :');
});

test('a moved notice gives the new time, a link to manage the booking until its new end, and an .ics with the same UID and the row’s SEQUENCE', async (context) => {
  const mailer = recordingMailer();
  const appointmentId = await addAppointment(context.database, {
    date: '2026-12-10',
    start_time: '13:30:00',
    end_time: '13:45:00',
  });
  await enqueue(context.database, appointmentId, {
    message_key: `moved:${appointmentId}:v3:email`,
    kind: 'moved',
    offset_days: null,
    date: '2026-12-10',
    start_time: '13:30:00',
    end_time: '13:45:00',
    sequence: 3,
  });
  await dispatcher(context, { mailer }).drain();
  const [notice] = mailer.sent;
  assert.ok(notice, 'sent');
  assert.is(notice.subject, 'Your appointment has been moved');
  assert.match(notice.text, 'Thursday, December 10, 2026, 1:30');
  assert.match(notice.text, 'Confirmation code: ABCDE23456');
  assert.is(notice.from?.address, 'no-reply@healthunit.example');
  const newEnd = new Date('2026-12-10T18:45:00Z'); // 13:45 in Toronto
  const links = [...linksIn(notice.text), ...linksIn(notice.html ?? '')];
  assert.is(links.length, 3);
  for (const link of links) assert.equal(link.verified, { appointmentId, expiresAt: newEnd });
  assert.match(notice.text, 'To view, reschedule or cancel your booking:');
  const ics = notice.attachments![0]!.content;
  assert.match(ics, 'METHOD:PUBLISH');
  assert.match(ics, `UID:appointment-${appointmentId}@healthunit.example`);
  assert.match(ics, 'SEQUENCE:3');
  assert.match(ics, 'DTSTART;TZID=America/Toronto:20261210T133000');
  assert.match(ics, 'STATUS:CONFIRMED');
});

test('a cancelled notice carries METHOD:CANCEL, STATUS:CANCELLED, the same UID and the higher SEQUENCE', async (context) => {
  const mailer = recordingMailer();
  // The appointment is gone from the read model: a cancellation still goes.
  await enqueue(context.database, 9001, {
    message_key: 'cancelled:9001:email',
    kind: 'cancelled',
    offset_days: null,
    sequence: 4,
    language: 'fr',
  });
  await dispatcher(context, { mailer }).drain();
  const [notice] = mailer.sent;
  assert.ok(notice, 'sent');
  assert.is(notice.subject, 'Votre rendez-vous a été annulé');
  assert.not.match(notice.text + notice.html, 'appointment#token=', 'nothing left to manage');
  assert.not.match(notice.text, 'Pour consulter, déplacer ou annuler');
  const ics = notice.attachments![0]!.content;
  assert.match(ics, 'METHOD:CANCEL');
  assert.match(ics, 'STATUS:CANCELLED');
  assert.match(ics, 'UID:appointment-9001@healthunit.example');
  assert.match(ics, 'SEQUENCE:4');
  assert.match(ics, 'ORGANIZER:mailto:no-reply@healthunit.example');
  assert.match(notice.attachments![0]!.contentType, 'method=CANCEL');
});

test('a failed send is retried after a delay, then given up: MessageFailed in the stream, no personal data kept or logged', async (context) => {
  const { logger, lines } = captureLog();
  const started = dispatcher(context, {
    mailer: { send: () => Promise.reject(new Error('451 try again later')) },
    logger,
  });
  const appointmentId = await addAppointment(context.database);
  const id = await enqueue(context.database, appointmentId);
  await started.drain();
  let row = await rowOf(context.database, id);
  assert.equal([row.status, row.attempts, row.due_at.toISOString()], ['pending', 1, '2026-12-01T14:01:00.000Z']);
  assert.equal(await historyOf(context.database, appointmentId), [], 'nothing recorded while it is retried');
  assert.is(await started.drain(), 0, 'not due before its delay');
  clock.now = new Date(start.getTime() + 60_000);
  await started.drain();
  row = await rowOf(context.database, id);
  assert.equal(
    [row.status, row.attempts, row.last_error, row.recipient, row.confirmation_code],
    ['failed', 2, '451 try again later', null, null],
  );
  const history = await historyOf(context.database, appointmentId);
  assert.equal(
    history.map((event) => [event.type, event.data.reason, event.data.recipientHint]),
    [['MessageFailed', '451 try again later', 'a…@example.org']],
  );
  assert.ok(lines.some((line) => line.level === 50 && line.messageId === id));
  assert.not.match(JSON.stringify(lines), 'ada@example.org');
  assert.not.match(JSON.stringify(lines), 'ABCDE23456');
});

test('a text message the provider refuses for good is not retried', async (context) => {
  const messenger = {
    ...recordingMessenger(),
    sendText: () => Promise.reject(new PermanentMessagingError('21211 invalid number')),
  };
  const appointmentId = await addAppointment(context.database);
  const id = await enqueue(context.database, appointmentId, { channel: 'sms', recipient: '613-555-0123' });
  await dispatcher(context, { messenger }).drain();
  const row = await rowOf(context.database, id);
  assert.equal([row.status, row.attempts], ['failed', 1]);
  const history = await historyOf(context.database, appointmentId);
  assert.equal(
    history.map((event) => [event.type, event.data.channel, event.data.recipientHint]),
    [['MessageFailed', 'sms', '…0123']],
  );
});

test('SMS and voice reminders go through the messenger with the short text', async (context) => {
  const messenger = recordingMessenger();
  const appointmentId = await addAppointment(context.database);
  await enqueue(context.database, appointmentId, { channel: 'sms', recipient: '613-555-0123' });
  await enqueue(context.database, appointmentId, { channel: 'voice', recipient: '613-555-0199', language: 'fr' });
  await dispatcher(context, { messenger }).drain();
  assert.equal(
    messenger.texts.map((text) => [text.to, text.language]),
    [['613-555-0123', 'en']],
  );
  assert.match(messenger.texts[0]!.body, 'ABCDE23456');
  assert.equal(
    messenger.calls.map((call) => [call.to, call.language]),
    [['613-555-0199', 'fr']],
  );
  const history = await historyOf(context.database, appointmentId);
  assert.equal(history.map((event) => [event.type, event.data.channel]).sort(), [
    ['MessageSent', 'sms'],
    ['MessageSent', 'voice'],
  ]);
});

test('a row whose sender stopped mid-send becomes failed (delivery unknown) once its lease runs out, and is not sent again', async (context) => {
  const mailer = recordingMailer();
  const started = dispatcher(context, { mailer });
  const appointmentId = await addAppointment(context.database);
  const id = await enqueue(context.database, appointmentId, {
    status: 'sending',
    attempts: 1,
    lease_until: new Date(start.getTime() + 60_000),
  });
  await started.drain();
  assert.is((await rowOf(context.database, id)).status, 'sending', 'still leased');
  clock.now = new Date(start.getTime() + 60_000);
  await started.drain();
  await started.drain();
  assert.is(mailer.sent.length, 0, 'not resent');
  const row = await rowOf(context.database, id);
  assert.equal([row.status, row.attempts, row.last_error, row.recipient], ['failed', 1, DELIVERY_UNKNOWN, null]);
  const history = await historyOf(context.database, appointmentId);
  assert.equal(
    history.map((event) => [event.type, event.data.reason]),
    [['MessageFailed', DELIVERY_UNKNOWN]],
  );
});

test('a sender that stopped after recording its send leaves the row sent, with no failure recorded', async (context) => {
  const mailer = recordingMailer();
  const appointmentId = await addAppointment(context.database);
  const first = await enqueue(context.database, appointmentId);
  const sender = dispatcher(context, { mailer });
  await sender.drain();
  // Stopped, so that it does not pick the row below up itself (woken by its insert) while the next sender looks.
  await sender.stop();
  // The same message found 'sending' again with its lease run out, as if its sender had stopped before marking it.
  const key = (await rowOf(context.database, first)).message_key;
  await context.database.knex('message_queue').where({ id: first }).delete();
  const id = await enqueue(context.database, appointmentId, {
    message_key: key,
    status: 'sending',
    attempts: 1,
    lease_until: start,
  });
  await dispatcher(context, { mailer }).drain();
  assert.is(mailer.sent.length, 1);
  assert.is((await rowOf(context.database, id)).status, 'sent');
  assert.equal(
    (await historyOf(context.database, appointmentId)).map((event) => event.type),
    ['MessageSent'],
  );
});

test('not sent (skipped): the calendar stopped e-mails, the appointment moved, is gone, or has begun', async (context) => {
  const mailer = recordingMailer();
  const quiet = await enqueue(context.database, await addAppointment(context.database, { calendar_id: 2 }), {
    calendar_id: 2,
  });
  const moved = await enqueue(context.database, await addAppointment(context.database, { date: '2026-12-04' }));
  const gone = await enqueue(context.database, 9002);
  const begun = await enqueue(
    context.database,
    await addAppointment(context.database, { date: '2026-12-01', start_time: '08:30:00' }),
    { date: '2026-12-01', start_time: '08:30:00' },
  );
  await dispatcher(context, { mailer }).drain();
  assert.is(mailer.sent.length, 0);
  for (const [id, reason] of [
    [quiet, 'no longer sends e-mails'],
    [moved, 'has moved'],
    [gone, 'no longer exists'],
    [begun, 'has begun'],
  ] as const) {
    const row = await rowOf(context.database, id);
    assert.equal([row.status, row.recipient], ['skipped', null], reason);
    assert.match(row.last_error, reason);
  }
});

test('a reminder is skipped when the calendar has no reminder template any more', async (context) => {
  await context.database.knex('calendars').insert({
    id: 3,
    name: 'No reminders',
    enabled: true,
    group_session: false,
    location_id: 1,
    settings: JSON.stringify({
      name: 'No reminders',
      emailsEnabled: true,
      notificationTemplateId: 1,
      reminderTemplateId: 77,
    }),
    created_at: start,
    updated_at: start,
  });
  const id = await enqueue(context.database, await addAppointment(context.database, { calendar_id: 3 }), {
    calendar_id: 3,
  });
  await dispatcher(context).drain();
  const row = await rowOf(context.database, id);
  assert.equal([row.status, row.last_error], ['skipped', 'the reminder template no longer exists']);
});

test.run();

test('a batch records each send once: two reminders of one appointment, and one whose stream already holds a failure', async (context) => {
  const mailer = recordingMailer();
  const twice = await addAppointment(context.database);
  await enqueue(context.database, twice, { message_key: `reminder:${twice}:a:7d:email`, offset_days: 7 });
  await enqueue(context.database, twice, { message_key: `reminder:${twice}:a:2d:email`, offset_days: 2 });
  const earlier = await addAppointment(context.database);
  // This process has never seen the stream, so the batch presumes it empty: its append is refused and redone.
  await recordOutcome(
    { store: new PostgresEventStore(context.database.pool, context.database.url), now: () => clock.now },
    {
      id: 0,
      messageKey: 'earlier',
      kind: 'reminder',
      channel: 'email',
      appointmentId: earlier,
      calendarId: 1,
      seriesId: null,
      date: APPOINTMENT.date,
      startTime: APPOINTMENT.start_time,
      endTime: APPOINTMENT.end_time,
      offsetDays: 7,
      language: 'en',
      recipient: 'ada@example.org',
      clientNames: [],
      confirmationCode: '',
      sequence: 1,
      dueAt: clock.now,
      attempts: 1,
    },
    { type: 'failed', reason: 'the server was down' },
  );
  await enqueue(context.database, earlier);
  await dispatcher(context, { mailer }).drain(); // its own first pass may have sent them; all are sent by now
  assert.is(mailer.sent.length, 3);
  assert.equal((await historyOf(context.database, twice)).map((event) => [event.type, event.data.offsetDays]).sort(), [
    ['MessageSent', 2],
    ['MessageSent', 7],
  ]);
  assert.equal(
    (await historyOf(context.database, earlier)).map((event) => [event.type, event.data.messageKey !== 'earlier']),
    [
      ['MessageFailed', false],
      ['MessageSent', true],
    ],
  );
});
