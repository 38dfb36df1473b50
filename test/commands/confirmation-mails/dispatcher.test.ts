import { readModelLookups } from '../../../api/read-model-lookups';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import pino from 'pino';
import { startMailDispatcher, type MailDispatcher } from '../../../commands/confirmation-mails/dispatcher';
import type { MailMessage } from '../../../commands/mail/port';
import { demoTemplates } from '../../../commands/seed/demo-reference-data';
import { smtpMailer } from '../../../commands/mail/smtp';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { parseMail, partOfType } from '../../support/mail-message';
import { manageLinksIn } from '../../support/manage-link';
import { verifyManageToken } from '../../../commands/self-service/manage-token';
import { startSmtpCapture } from '../../support/smtp-capture';

/**
 * The dispatcher over a real `mail_queue`: claims that two dispatchers never share, the last attempt, mail that
 * is no longer to be sent, and a sender that died mid-send. The calendar and template rows are written straight
 * into their read models.
 */
interface Context {
  database: TestDatabase;
  dispatchers: MailDispatcher[];
}

const test = suite<Context>('confirmation mails: the dispatcher');
let clock = new Date('2026-11-22T15:00:00Z');
const policy = { firstDelayMs: 60_000, maxDelayMs: 3_600_000, maxAttempts: 2 };
const manageLinks = {
  authSecret: 'confirmation-test-secret-confirmation-test',
  publicUrl: 'https://book.unit.example',
};

function captureLog() {
  const lines: Record<string, unknown>[] = [];
  return { lines, logger: pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) }) };
}

function dispatcher(
  context: Context,
  mailer: { send(message: MailMessage): Promise<void> },
  logger = captureLog().logger,
) {
  // A long poll: the tests drive it through drain().
  const started = startMailDispatcher({
    knex: context.database.knex,
    lookups: readModelLookups(context.database.knex),
    databaseUrl: context.database.url,
    mailer,
    now: () => clock,
    logger,
    timeZone: 'America/Toronto',
    manageLinks,
    pollMs: 60_000,
    retry: policy,
  });
  context.dispatchers.push(started);
  return started;
}

let nextAppointment = 1;
async function enqueue(context: Context, changes: Record<string, unknown> = {}): Promise<number> {
  const [row] = await context.database
    .knex('mail_queue')
    .insert({
      purpose: 'confirmation',
      appointment_id: nextAppointment++,
      calendar_id: 1,
      date: '2026-11-25',
      start_time: '09:00:00',
      end_time: '09:15:00',
      language: 'en',
      recipient: 'ada@example.com',
      client_names: JSON.stringify([{ firstName: 'Ada', lastName: 'Lovelace', preferredName: '' }]),
      confirmation_code: 'ABCDE23456',
      booked_at: clock,
      due_at: clock,
      updated_at: clock,
      ...changes,
    })
    .returning('id');
  return Number(row.id);
}

const rowOf = (context: Context, id: number) => context.database.knex('mail_queue').where({ id }).first();

/** A confirmation template that places the "manage my booking" link itself (issue 20). */
const PLACES_THE_LINK =
  '<p>Code: {{confirmationCode}}</p><p><a href="{{manageLink}}">Change your booking</a> or go to {{manageLink}}</p>';

/** Queues confirmations, each with its own code, and returns each as a real SMTP server received it. */
async function sendThroughSmtp(context: Context, mails: { code: string; changes?: Record<string, unknown> }[]) {
  const capture = await startSmtpCapture();
  try {
    const appointmentIds: number[] = [];
    for (const { code, changes } of mails) {
      const id = await enqueue(context, { confirmation_code: code, ...changes });
      appointmentIds.push(Number((await rowOf(context, id)).appointment_id));
    }
    await dispatcher(context, smtpMailer(capture.url, 'booking@unit.example')).drain();
    const received = capture.messages.map(({ raw }) => {
      const mail = parseMail(raw);
      return { html: partOfType(mail, 'text/html')!.body, text: partOfType(mail, 'text/plain')!.body };
    });
    return mails.map(({ code }, index) => {
      const mail = received.find(({ text }) => text.includes(code));
      assert.ok(mail, `the mail with ${code} was sent`);
      return { appointmentId: appointmentIds[index]!, ...mail };
    });
  } finally {
    await capture.stop();
  }
}

/** The links of a body to the booking's page in `language`, verified with the dispatcher's secret. */
const linksIn = (body: string, language: 'en' | 'fr') =>
  manageLinksIn(body, { ...manageLinks, secret: manageLinks.authSecret, language, now: clock });

test.before(async (context) => {
  context.database = await createTestDatabase();
  context.dispatchers = [];
  const settings = {
    name: 'Clinic',
    enabled: true,
    groupSession: false,
    emailsEnabled: true,
    notificationTemplateId: 1,
    locationId: null,
    categoryId: null,
  };
  await context.database.knex('calendars').insert([
    {
      id: 1,
      name: 'Clinic',
      enabled: true,
      group_session: false,
      settings: JSON.stringify(settings),
      created_at: clock,
      updated_at: clock,
    },
    {
      id: 2,
      name: 'Broken',
      enabled: true,
      group_session: false,
      settings: JSON.stringify({ ...settings, name: 'Broken', notificationTemplateId: 99 }),
      created_at: clock,
      updated_at: clock,
    },
    {
      id: 4,
      name: 'Cornwall Clinic',
      enabled: true,
      group_session: false,
      settings: JSON.stringify({ ...settings, name: 'Cornwall Clinic', nameFr: 'Clinique de Cornwall' }),
      created_at: clock,
      updated_at: clock,
    },
    {
      id: 5,
      name: 'Linked',
      enabled: true,
      group_session: false,
      settings: JSON.stringify({ ...settings, name: 'Linked', notificationTemplateId: 2 }),
      created_at: clock,
      updated_at: clock,
    },
  ]);
  await context.database.knex('email_templates').insert([
    {
      id: 1,
      name: demoTemplates[0]!.name,
      template: JSON.stringify(demoTemplates[0]),
      created_at: clock,
      updated_at: clock,
    },
    {
      id: 2,
      name: 'Places the link',
      template: JSON.stringify({ ...demoTemplates[0], body: PLACES_THE_LINK, bodyFr: PLACES_THE_LINK }),
      created_at: clock,
      updated_at: clock,
    },
  ]);
});
test.after.each(async (context) => {
  await Promise.all(context.dispatchers.splice(0).map((started) => started.stop()));
});
test.after(async (context) => {
  await context.database?.drop();
});

test('two dispatchers draining one queue send every mail exactly once', async (context) => {
  const sent: string[] = [];
  const mailer = {
    async send(message: MailMessage) {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
      sent.push(message.text.match(/code: (\S+)/)![1]!);
    },
  };
  const codes = Array.from({ length: 40 }, (_, index) => `CODE${String(index).padStart(6, '0')}`);
  for (const code of codes) await enqueue(context, { confirmation_code: code });
  const [first, second] = [dispatcher(context, mailer), dispatcher(context, mailer)];
  await Promise.all([first.drain(), second.drain()]);
  assert.equal([...sent].sort(), codes);
  const statuses = await context.database.knex('mail_queue').whereNotNull('id').distinct('status');
  assert.equal(statuses, [{ status: 'sent' }]);
});

test('a French confirmation names the calendar by its French name, in the message and the calendar file; an English one by its English name', async (context) => {
  const sent: MailMessage[] = [];
  const mailer = { send: async (message: MailMessage) => void sent.push(message) };
  await enqueue(context, { calendar_id: 4, language: 'fr' });
  await enqueue(context, { calendar_id: 4, language: 'en' });
  await dispatcher(context, mailer).drain();
  const [french, english] = [
    sent.find((message) => message.text.includes('Code de confirmation')),
    sent.find((message) => !message.text.includes('Code de confirmation')),
  ];
  assert.ok(french && english, 'both were sent');
  assert.match(french.text, 'Clinique de Cornwall');
  assert.not.match(french.text, 'Cornwall Clinic');
  assert.match(JSON.stringify(french.attachments ?? []), 'Clinique de Cornwall');
  assert.match(english.text, 'Cornwall Clinic');
});

test('the confirmation ends with a link to manage the booking, its token for the appointment until its end', async (context) => {
  const [mail] = await sendThroughSmtp(context, [{ code: 'LINKEN2345' }]);
  const end = new Date('2026-11-25T14:15:00Z'); // 09:15 in Toronto
  const links = [...linksIn(mail!.html, 'en'), ...linksIn(mail!.text, 'en')];
  assert.is(links.length, 3, 'the HTML’s address and its text, and the text version’s');
  for (const link of links) assert.equal(link.verified, { appointmentId: mail!.appointmentId, expiresAt: end });
  const [link] = linksIn(mail!.text, 'en');
  const url = `${manageLinks.publicUrl}/en/appointment#token=${link!.token}`;
  assert.ok(mail!.text.endsWith(`To view, reschedule or cancel your booking: ${url}`), mail!.text);
  assert.match(mail!.html, `<p>To view, reschedule or cancel your booking: <a href="${url}">${url}</a></p>`);
  assert.ok(mail!.html.trimEnd().endsWith('</p>'));
  assert.is(verifyManageToken('another-secret-another-secret-another', link!.token, clock), 'invalid');
});

test('a French booking’s link leads to the French page, under a French paragraph', async (context) => {
  const [mail] = await sendThroughSmtp(context, [{ code: 'LINKFR2345', changes: { calendar_id: 4, language: 'fr' } }]);
  assert.equal(linksIn(mail!.text, 'en'), []);
  const [link] = linksIn(mail!.text, 'fr');
  assert.ok(link, mail!.text);
  assert.equal(link.verified, { appointmentId: mail!.appointmentId, expiresAt: new Date('2026-11-25T14:15:00Z') });
  const url = `${manageLinks.publicUrl}/fr/appointment#token=${link.token}`;
  assert.ok(mail!.text.endsWith(`Pour consulter, déplacer ou annuler votre réservation : ${url}`), mail!.text);
  assert.match(mail!.html, `Pour consulter, déplacer ou annuler votre réservation : <a href="${url}">`);
});

test('a template that places {{manageLink}} gets the address there, and no closing paragraph', async (context) => {
  const [mail] = await sendThroughSmtp(context, [{ code: 'LINKIN2345', changes: { calendar_id: 5 } }]);
  const [link] = linksIn(mail!.text, 'en');
  assert.ok(link, mail!.text);
  const url = `${manageLinks.publicUrl}/en/appointment#token=${link.token}`;
  assert.match(mail!.html, `<a href="${url}">Change your booking</a> or go to ${url}</p>`);
  assert.is(mail!.text, `Code: LINKIN2345\n\nChange your booking (${url}) or go to ${url}`);
  assert.not.match(mail!.html, 'To view, reschedule or cancel');
  assert.is(linksIn(mail!.html, 'en').length, 2, 'the href and the address in the sentence');
});

test('the last failed attempt leaves the row failed, logged as an error, with no personal data', async (context) => {
  const { logger, lines } = captureLog();
  const started = dispatcher(context, { send: () => Promise.reject(new Error('550 mailbox unavailable')) }, logger);
  const id = await enqueue(context);
  await started.drain();
  assert.equal((await rowOf(context, id)).status, 'pending');
  clock = new Date(clock.getTime() + 60_000);
  await started.drain();
  const row = await rowOf(context, id);
  assert.equal(
    [row.status, row.attempts, row.last_error, row.recipient, row.client_names, row.confirmation_code],
    ['failed', 2, '550 mailbox unavailable', null, null, null],
  );
  assert.ok(
    lines.some((line) => line.level === 50 && line.appointmentId === row.appointment_id),
    'an error names the appointment',
  );
  assert.not.match(JSON.stringify(lines), 'ada@example.com', 'the log carries no address');
});

test('a missing template is retried like a refused send', async (context) => {
  const started = dispatcher(context, { send: () => Promise.resolve() });
  const id = await enqueue(context, { calendar_id: 2 });
  await started.drain();
  const row = await rowOf(context, id);
  assert.equal([row.status, row.attempts], ['pending', 1]);
  assert.match(row.last_error, 'template 99');
});

test('not sent: booked more than a day ago, appointment begun, e-mails turned off', async (context) => {
  const sent: MailMessage[] = [];
  const started = dispatcher(context, { send: async (message) => void sent.push(message) });
  const stale = await enqueue(context, { booked_at: new Date(clock.getTime() - 25 * 3_600_000) });
  const begun = await enqueue(context, { date: '2026-11-22', start_time: '09:00:00', end_time: '09:15:00' });
  await context.database.knex('calendars').insert({
    id: 3,
    name: 'Quiet',
    enabled: true,
    group_session: false,
    settings: JSON.stringify({ name: 'Quiet', emailsEnabled: false }),
    created_at: clock,
    updated_at: clock,
  });
  const quiet = await enqueue(context, { calendar_id: 3 });
  await started.drain();
  assert.is(sent.length, 0);
  for (const [id, reason] of [
    [stale, 'a day'],
    [begun, 'begun'],
    [quiet, 'no longer sends'],
  ] as const) {
    const row = await rowOf(context, id);
    assert.equal([row.status, row.recipient], ['skipped', null], reason);
    assert.match(row.last_error, reason);
  }
});

test('a row whose sender died mid-send is taken again once its lease runs out', async (context) => {
  const sent: MailMessage[] = [];
  const started = dispatcher(context, { send: async (message) => void sent.push(message) });
  const id = await enqueue(context, {
    status: 'sending',
    attempts: 1,
    lease_until: new Date(clock.getTime() + 60_000),
  });
  await started.drain();
  assert.is(sent.length, 0, 'still leased');
  clock = new Date(clock.getTime() + 60_000);
  await started.drain();
  assert.is(sent.length, 1);
  assert.equal([(await rowOf(context, id)).status, (await rowOf(context, id)).attempts], ['sent', 2]);
});

test.run();
