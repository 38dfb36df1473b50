import pino from 'pino';
import { messageLookups } from '../../../api/message-lookups';
import { PostgresEventStore } from '../../../commands/event-store/postgres';
import type { Mailer, MailMessage } from '../../../commands/mail/port';
import { startMessageDispatcher, type MessageDispatcher } from '../../../commands/messages/dispatcher';
import type { Messenger, TextMessage, VoiceCall } from '../../../commands/messaging/port';
import { demoTemplates } from '../../../commands/seed/demo-reference-data';
import { messagesStream } from '../../../domain/messages/events';
import type { TestDatabase } from '../../support/database';

/**
 * A real `message_queue` with the read models a message is composed from (a calendar at a location, the demo's
 * confirmation and reminder templates, appointments) written straight into their tables, and dispatchers over it
 * with a movable clock.
 */
export const clock = { now: new Date('2026-12-01T14:00:00Z') };
export const policy = { firstDelayMs: 60_000, maxDelayMs: 3_600_000, maxAttempts: 2 };
export const APPOINTMENT = { date: '2026-12-03', start_time: '09:00:00', end_time: '09:15:00' };
/** The secret and address the dispatchers sign and write "manage my booking" links with (issue 20). */
export const MANAGE_LINKS = {
  authSecret: 'messages-test-secret-messages-test-secret',
  publicUrl: 'https://book.unit.example',
};

export function captureLog() {
  const lines: Record<string, unknown>[] = [];
  return { lines, logger: pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) }) };
}

export function recordingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return { sent, send: async (message) => void sent.push(message) };
}

export function recordingMessenger(): Messenger & { texts: TextMessage[]; calls: VoiceCall[] } {
  const texts: TextMessage[] = [];
  const calls: VoiceCall[] = [];
  return {
    texts,
    calls,
    sendText: async (message) => (texts.push(message), { providerId: `sms-${texts.length}` }),
    call: async (call) => (calls.push(call), { providerId: `call-${calls.length}` }),
  };
}

export function startDispatcher(
  database: TestDatabase,
  parts: { mailer?: Mailer; messenger?: Messenger; logger?: pino.Logger; concurrency?: number } = {},
): MessageDispatcher {
  // A long poll: the tests drive it through drain().
  return startMessageDispatcher({
    knex: database.knex,
    store: new PostgresEventStore(database.pool, database.url),
    lookups: messageLookups(database.knex),
    databaseUrl: database.url,
    mailer: parts.mailer ?? recordingMailer(),
    messenger: parts.messenger ?? recordingMessenger(),
    now: () => clock.now,
    logger: parts.logger ?? captureLog().logger,
    timeZone: 'America/Toronto',
    manageLinks: MANAGE_LINKS,
    pollMs: 60_000,
    retry: policy,
    ...(parts.concurrency ? { concurrency: parts.concurrency } : {}),
  });
}

const calendarSettings = {
  name: 'Cornwall Clinic',
  nameFr: 'Clinique de Cornwall',
  enabled: true,
  groupSession: false,
  emailsEnabled: true,
  notificationTemplateId: 1,
  reminderTemplateId: 2,
  reminderThreshold: 2,
  locationId: 1,
  categoryId: null,
};

/** Calendar 1 sends e-mails, calendar 2 does not; templates 1 (confirmation) and 2 (reminder). */
export async function seedReadModels(database: TestDatabase): Promise<void> {
  const at = clock.now;
  await database.knex('locations').insert({
    id: 1,
    name: 'Cornwall Office',
    name_fr: 'Bureau de Cornwall',
    office_region: 'Cornwall',
    is_virtual: false,
    location: JSON.stringify({
      name: 'Cornwall Office',
      nameFr: 'Bureau de Cornwall',
      isVirtual: false,
      address: '1000 Pitt Street',
      addressFr: '1000, rue Pitt',
      city: 'Cornwall',
      postalCode: 'K6J 5T1',
      officeRegion: 'Cornwall',
    }),
    created_at: at,
    updated_at: at,
  });
  await database.knex('calendars').insert([
    {
      id: 1,
      name: calendarSettings.name,
      enabled: true,
      group_session: false,
      location_id: 1,
      settings: JSON.stringify(calendarSettings),
      created_at: at,
      updated_at: at,
    },
    {
      id: 2,
      name: 'Quiet',
      enabled: true,
      group_session: false,
      location_id: 1,
      settings: JSON.stringify({ ...calendarSettings, name: 'Quiet', emailsEnabled: false }),
      created_at: at,
      updated_at: at,
    },
  ]);
  await database.knex('email_templates').insert(
    demoTemplates.map((template, index) => ({
      id: index + 1,
      name: template.name,
      template: JSON.stringify(template),
      created_at: at,
      updated_at: at,
    })),
  );
}

let nextAppointment = 1;

/** An appointment in the read model, where it is now. */
export async function addAppointment(
  database: TestDatabase,
  place: Partial<typeof APPOINTMENT> & { calendar_id?: number } = {},
): Promise<number> {
  const id = nextAppointment++;
  await database.knex('appointments').insert({
    id,
    calendar_id: 1,
    ...APPOINTMENT,
    ...place,
    confirmation_code: 'ABCDE23456',
    version: 1,
    appointment: JSON.stringify({ email: 'ada@example.org', language: 'en', clientData: [] }),
    created_at: clock.now,
    updated_at: clock.now,
  });
  return id;
}

/** A due row of `message_queue` (a reminder by e-mail unless `changes` say otherwise). */
export async function enqueue(
  database: TestDatabase,
  appointmentId: number,
  changes: Record<string, unknown> = {},
): Promise<number> {
  const [row] = await database
    .knex('message_queue')
    .insert({
      message_key: `reminder:${appointmentId}:2026-12-03T09:00:00:2d:email:${Math.random()}`,
      kind: 'reminder',
      channel: 'email',
      appointment_id: appointmentId,
      calendar_id: 1,
      ...APPOINTMENT,
      offset_days: 2,
      language: 'en',
      recipient: 'ada@example.org',
      client_names: JSON.stringify([{ firstName: 'Ada', lastName: 'Lovelace', preferredName: '' }]),
      confirmation_code: 'ABCDE23456',
      sequence: 1,
      due_at: clock.now,
      created_at: clock.now,
      updated_at: clock.now,
      ...changes,
    })
    .returning('id');
  return Number(row.id);
}

export const rowOf = (database: TestDatabase, id: number) => database.knex('message_queue').where({ id }).first();

/** The events of an appointment's `messages-` stream. */
export async function historyOf(database: TestDatabase, appointmentId: number) {
  const { events } = await new PostgresEventStore(database.pool, database.url).readStream(
    messagesStream(appointmentId),
  );
  return events.map((event) => ({ type: event.type, data: event.data as Record<string, unknown> }));
}
