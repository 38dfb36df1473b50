import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PostgresEventStore } from '../../commands/event-store/postgres';
import { silentLogger } from '../../commands/infrastructure/logger';
import type { AppointmentDetails } from '../../domain/appointments/appointment';
import { defaultCalendarSettings, type CalendarSettings } from '../../domain/calendars/calendar';
import { createMessagesProjection } from '../../projections/messages/projection';
import { rebuildProjection } from '../../projections/runner/rebuild';
import { ProjectionRunner } from '../../projections/runner/runner';
import { appointmentDetails } from '../support/appointment-details';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { newEvent } from '../support/events';

/** Issue 19: projections/messages keeps message_queue scheduled (reminders per offset and channel, notices). */

interface Context {
  database: TestDatabase;
  store: PostgresEventStore;
}

const test = suite<Context>('projections: messages', {} as Context);
const projection = createMessagesProjection(() => ({ sendTime: '09:00', timeZone: 'America/Toronto' }));

test.before.each(async (context) => {
  context.database = await createTestDatabase();
  context.store = new PostgresEventStore(context.database.pool, context.database.url);
});
test.after.each(async (context) => {
  await context.database.drop();
});

const CALENDAR = 7;
const BOOKED_AT = '2026-11-20T15:00:00.000Z';
const lane = { id: 1, name: 'Nurse', startTime: '09:00:00', endTime: '12:00:00' };

async function append(context: Context, stream: string, type: string, data: Record<string, unknown>) {
  await context.store.append(stream, 'any', [newEvent(type, data)]);
}

/**
 * Applies the whole log. The log is read only below the server's oldest running transaction, which another suite's
 * on the same server may hold back for a moment: catch up until the checkpoint reaches the last event.
 */
async function project(context: Context) {
  const runner = new ProjectionRunner({
    store: context.store,
    knex: context.database.knex,
    databaseUrl: context.database.url,
    projections: [projection],
    logger: silentLogger,
  });
  const { knex } = context.database;
  for (let tries = 0; tries < 400; tries++) {
    await runner.catchUp();
    const reached = await knex.raw<{ rows: { reached: boolean }[] }>(
      `select coalesce((select prepare_position from projection_checkpoints where name = 'messages'), 0)
         >= (select max(global_position) from es_events) as reached`,
    );
    if (reached.rows[0]!.reached) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the projection did not reach the end of the log');
}

const createCalendar = (context: Context, settings: Partial<CalendarSettings> = {}) =>
  append(context, `calendar-${CALENDAR}`, 'CalendarCreated', {
    calendarId: CALENDAR,
    settings: {
      ...defaultCalendarSettings,
      name: 'Clinic',
      emailsEnabled: true,
      reminderThreshold: 2,
      extraReminderDays: [7],
      ...settings,
    },
    at: '2026-11-01T12:00:00.000Z',
  });

const withEmail = (changes: Partial<AppointmentDetails> = {}) =>
  appointmentDetails({ email: 'ada@example.org', sendReminderEmail: true, ...changes });

function book(
  context: Context,
  appointmentId: number,
  date: string,
  startTime: string,
  appointment: AppointmentDetails,
  at = BOOKED_AT,
) {
  return append(context, `calendarDate-${CALENDAR}_${date}`, 'AppointmentBooked', {
    calendarId: CALENDAR,
    date,
    appointmentId,
    laneId: 1,
    startTime,
    endTime: '10:00:00',
    lockToken: null,
    confirmationCode: 'ABCDEFGHJK',
    appointment,
    at,
  });
}

interface QueueRow {
  message_key: string;
  kind: string;
  channel: string;
  status: string;
  due_at: string;
  offset_days: number | null;
  recipient: string | null;
  last_error: string | null;
  sequence: number;
}

async function queue(context: Context, appointmentId?: number): Promise<QueueRow[]> {
  const rows = await context.database
    .knex('message_queue')
    .modify((query) => {
      if (appointmentId !== undefined) query.where({ appointment_id: appointmentId });
    })
    .orderBy('message_key')
    .select<QueueRow[]>(
      'message_key',
      'kind',
      'channel',
      'status',
      context.database.knex.raw(`to_char(due_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as due_at`),
      'offset_days',
      'recipient',
      'last_error',
      'sequence',
    );
  return rows;
}

const brief = (rows: QueueRow[]) => rows.map((row) => `${row.message_key} ${row.status} ${row.due_at}`);

test('a booking queues a reminder per offset and channel at the send time, in UTC across the DST change', async (context) => {
  await createCalendar(context);
  await book(context, 1, '2026-12-10', '09:30:00', withEmail({ phoneReminderType: 2 }));
  // Booked on the day clocks went back for an appointment a week later: the reminders keep 09:00 EST.
  await book(context, 2, '2026-11-09', '11:00:00', withEmail(), '2026-10-30T12:00:00.000Z');
  await project(context);
  assert.equal(brief(await queue(context, 1)), [
    'reminder:1:2026-12-10T09:30:00:2d:email pending 2026-12-08T14:00Z',
    'reminder:1:2026-12-10T09:30:00:2d:sms pending 2026-12-08T14:00Z',
    'reminder:1:2026-12-10T09:30:00:7d:email pending 2026-12-03T14:00Z',
    'reminder:1:2026-12-10T09:30:00:7d:sms pending 2026-12-03T14:00Z',
  ]);
  const rows = await queue(context, 1);
  assert.equal(
    rows.map((row) => row.recipient),
    ['ada@example.org', '613-555-0100', 'ada@example.org', '613-555-0100'],
  );
  assert.equal(
    rows.map((row) => row.offset_days),
    [2, 2, 7, 7],
  );
  assert.equal(brief(await queue(context, 2)), [
    'reminder:2:2026-11-09T11:00:00:2d:email pending 2026-11-07T14:00Z',
    'reminder:2:2026-11-09T11:00:00:7d:email pending 2026-11-02T14:00Z',
  ]);
});

test('no e-mail reminder without an address, the client’s wish or a calendar that sends e-mails; inside the period: skipped', async (context) => {
  await createCalendar(context);
  await book(context, 1, '2026-12-10', '09:30:00', appointmentDetails({ sendReminderEmail: true }));
  await book(context, 2, '2026-12-10', '10:30:00', withEmail({ sendReminderEmail: false }));
  // Booked on the 5th for the 10th: the 7-day reminder's time has passed.
  await book(context, 3, '2026-12-10', '11:30:00', withEmail(), '2026-12-05T15:00:00.000Z');
  await project(context);
  assert.equal(await queue(context, 1), []);
  assert.equal(await queue(context, 2), []);
  const rows = await queue(context, 3);
  assert.equal(brief(rows), [
    'reminder:3:2026-12-10T11:30:00:2d:email pending 2026-12-08T14:00Z',
    'reminder:3:2026-12-10T11:30:00:7d:email skipped 2026-12-03T14:00Z',
  ]);
  assert.is(rows[1]!.last_error, 'inside the reminder period when booked');
  assert.is(rows[1]!.recipient, null, 'a skipped row keeps no address');
});

test('phone reminders to a do-not-call or missing number are skipped with the reason; type 0 queues none', async (context) => {
  await createCalendar(context, { emailsEnabled: false, extraReminderDays: [] });
  await book(context, 1, '2026-12-10', '09:30:00', appointmentDetails({ phoneReminderType: 1, phoneDoNotCall: true }));
  await book(context, 2, '2026-12-10', '10:30:00', appointmentDetails({ phoneReminderType: 4, phoneAlt: '' }));
  await book(context, 3, '2026-12-10', '11:30:00', appointmentDetails({ phoneReminderType: 0 }));
  await book(context, 4, '2026-12-10', '12:30:00', appointmentDetails({ phoneReminderType: 1 }));
  await project(context);
  const rows = await queue(context);
  assert.equal(
    rows.map((row) => [row.message_key, row.status, row.last_error, row.recipient]),
    [
      ['reminder:1:2026-12-10T09:30:00:2d:voice', 'skipped', 'the number is marked do not call', null],
      ['reminder:2:2026-12-10T10:30:00:2d:sms', 'skipped', 'no phone number for the chosen reminder', null],
      ['reminder:4:2026-12-10T12:30:00:2d:voice', 'pending', null, '613-555-0100'],
    ],
  );
});

function change(
  context: Context,
  appointmentId: number,
  to: { date: string; startTime: string },
  from: { date: string; startTime: string },
  at: string,
  notifyClient = false,
) {
  const place = { laneId: 1, endTime: '10:00:00' };
  return append(context, `calendarDate-${CALENDAR}_${to.date}`, 'AppointmentChanged', {
    calendarId: CALENDAR,
    date: to.date,
    appointmentId,
    ...place,
    startTime: to.startTime,
    version: 2,
    appointment: withEmail(),
    changes: ['startTime'],
    lockToken: null,
    from: { ...place, startTime: from.startTime },
    notifyClient,
    at,
  });
}

function moveAcross(context: Context, appointmentId: number, fromDate: string, to: string, at: string, notify = true) {
  return append(context, `calendarDate-${CALENDAR}_${to}`, 'AppointmentMovedHere', {
    calendarId: CALENDAR,
    date: to,
    appointmentId,
    laneId: 1,
    startTime: '09:30:00',
    endTime: '10:00:00',
    version: 3,
    confirmationCode: 'ABCDEFGHJK',
    appointment: withEmail(),
    changes: ['date'],
    lockToken: null,
    fromDate,
    notifyClient: notify,
    at,
  });
}

test('a move while both dates are ahead reschedules; a move into the period cancels the old and skips the new', async (context) => {
  await createCalendar(context);
  await book(context, 1, '2026-12-10', '09:30:00', withEmail());
  await project(context);
  await moveAcross(context, 1, '2026-12-10', '2026-12-17', '2026-11-21T15:00:00.000Z', false);
  await project(context);
  assert.equal(brief(await queue(context, 1)), [
    'reminder:1:2026-12-10T09:30:00:2d:email cancelled 2026-12-08T14:00Z',
    'reminder:1:2026-12-10T09:30:00:7d:email cancelled 2026-12-03T14:00Z',
    'reminder:1:2026-12-17T09:30:00:2d:email pending 2026-12-15T14:00Z',
    'reminder:1:2026-12-17T09:30:00:7d:email pending 2026-12-10T14:00Z',
  ]);
  // On the 14th staff move it to 09:30 on the 15th, telling the client: both new reminders are past.
  await moveAcross(context, 1, '2026-12-17', '2026-12-15', '2026-12-14T15:00:00.000Z');
  await project(context);
  const rows = await queue(context, 1);
  assert.equal(brief(rows).slice(3), [
    'reminder:1:2026-12-15T09:30:00:2d:email skipped 2026-12-13T14:00Z',
    'reminder:1:2026-12-15T09:30:00:7d:email skipped 2026-12-08T14:00Z',
    'reminder:1:2026-12-17T09:30:00:2d:email cancelled 2026-12-15T14:00Z',
    'reminder:1:2026-12-17T09:30:00:7d:email cancelled 2026-12-10T14:00Z',
  ]);
  assert.equal(brief(rows).slice(0, 1), ['moved:1:v3:email pending 2026-12-14T15:00Z']);
  assert.is(rows[0]!.sequence, 3);
  assert.is(rows[0]!.recipient, 'ada@example.org');
  assert.is(rows[3]!.last_error, 'inside the reminder period when moved');
  assert.is(rows[5]!.last_error, 'the appointment moved');
});

test('a change of time on the date reschedules and notifies when asked; a move back revives the old reminders', async (context) => {
  await createCalendar(context, { extraReminderDays: [] });
  await book(context, 1, '2026-12-10', '09:30:00', withEmail());
  await change(
    context,
    1,
    { date: '2026-12-10', startTime: '11:00:00' },
    { date: '2026-12-10', startTime: '09:30:00' },
    '2026-11-21T15:00:00.000Z',
    true,
  );
  await project(context);
  assert.equal(brief(await queue(context, 1)), [
    'moved:1:v2:email pending 2026-11-21T15:00Z',
    'reminder:1:2026-12-10T09:30:00:2d:email cancelled 2026-12-08T14:00Z',
    'reminder:1:2026-12-10T11:00:00:2d:email pending 2026-12-08T14:00Z',
  ]);
  await change(
    context,
    1,
    { date: '2026-12-10', startTime: '09:30:00' },
    { date: '2026-12-10', startTime: '11:00:00' },
    '2026-11-22T15:00:00.000Z',
  );
  await project(context);
  assert.equal(brief(await queue(context, 1)).slice(1), [
    'reminder:1:2026-12-10T09:30:00:2d:email pending 2026-12-08T14:00Z',
    'reminder:1:2026-12-10T11:00:00:2d:email cancelled 2026-12-08T14:00Z',
  ]);
});

test('a deletion cancels pending reminders and queues the cancellation notice when asked', async (context) => {
  await createCalendar(context);
  await book(context, 1, '2026-12-10', '09:30:00', withEmail());
  await book(context, 2, '2026-12-10', '10:30:00', withEmail());
  for (const [appointmentId, notifyClient] of [
    [1, true],
    [2, false],
  ] as const)
    await append(context, `calendarDate-${CALENDAR}_2026-12-10`, 'AppointmentCancelled', {
      calendarId: CALENDAR,
      date: '2026-12-10',
      appointmentId,
      notifyClient,
      at: '2026-11-23T15:00:00.000Z',
    });
  await project(context);
  const rows = await queue(context, 1);
  assert.equal(brief(rows), [
    'cancelled:1:email pending 2026-11-23T15:00Z',
    'reminder:1:2026-12-10T09:30:00:2d:email cancelled 2026-12-08T14:00Z',
    'reminder:1:2026-12-10T09:30:00:7d:email cancelled 2026-12-03T14:00Z',
  ]);
  assert.is(rows[0]!.sequence, 2, 'above the booking’s version');
  assert.is(rows[1]!.recipient, null);
  assert.equal(
    (await queue(context, 2)).map((row) => row.status),
    ['cancelled', 'cancelled'],
  );
  assert.is(
    await context.database
      .knex('message_appointments')
      .count('* as n')
      .first()
      .then((r) => Number(r!.n)),
    0,
  );
});

test('a change of threshold cancels the removed offset and queues the added one if still ahead', async (context) => {
  await createCalendar(context, { extraReminderDays: [] });
  await book(context, 1, '2026-12-10', '09:30:00', withEmail({ phoneReminderType: 2 }));
  await book(context, 2, '2026-11-30', '09:30:00', withEmail());
  await append(context, `calendar-${CALENDAR}`, 'CalendarUpdated', {
    calendarId: CALENDAR,
    changes: { reminderThreshold: 3, extraReminderDays: [14] },
    at: '2026-11-24T15:00:00.000Z',
  });
  await project(context);
  assert.equal(brief(await queue(context, 1)), [
    'reminder:1:2026-12-10T09:30:00:14d:email pending 2026-11-26T14:00Z',
    'reminder:1:2026-12-10T09:30:00:14d:sms pending 2026-11-26T14:00Z',
    'reminder:1:2026-12-10T09:30:00:2d:email cancelled 2026-12-08T14:00Z',
    'reminder:1:2026-12-10T09:30:00:2d:sms cancelled 2026-12-08T14:00Z',
    'reminder:1:2026-12-10T09:30:00:3d:email pending 2026-12-07T14:00Z',
    'reminder:1:2026-12-10T09:30:00:3d:sms pending 2026-12-07T14:00Z',
  ]);
  // The 14-day reminder of the 30th would have gone on the 16th: not queued.
  assert.equal(brief(await queue(context, 2)), [
    'reminder:2:2026-11-30T09:30:00:2d:email cancelled 2026-11-28T14:00Z',
    'reminder:2:2026-11-30T09:30:00:3d:email pending 2026-11-27T14:00Z',
  ]);
  // E-mails turned off: phone reminders stay; the sender skips what the calendar no longer sends.
  await append(context, `calendar-${CALENDAR}`, 'CalendarUpdated', {
    calendarId: CALENDAR,
    changes: { emailsEnabled: false },
    at: '2026-11-24T16:00:00.000Z',
  });
  await project(context);
  assert.equal(
    (await queue(context, 1)).filter((row) => row.status === 'pending').map((row) => row.channel),
    ['sms', 'sms'],
  );
});

test('a course registration is reminded before the series’ first session, which follows the series’ dates', async (context) => {
  await createCalendar(context, { groupSession: true, extraReminderDays: [] });
  for (const date of ['2026-12-09', '2026-12-16'])
    await append(context, `calendarDate-${CALENDAR}_${date}`, 'CalendarDateAdded', {
      calendarId: CALENDAR,
      date,
      calendarDateId: 1,
      enabled: true,
      lanes: [{ ...lane, startTime: '18:00:00', endTime: '20:00:00' }],
      seriesId: 5,
      copiedFrom: null,
      at: '2026-11-02T12:00:00.000Z',
    });
  await append(context, 'groupSessionSeries-5', 'ClientRegistered', {
    seriesId: 5,
    calendarId: CALENDAR,
    appointmentId: 9,
    confirmationCode: 'ABCDEFGHJK',
    lockToken: 't',
    spots: 1,
    appointment: withEmail({ language: 'fr' }),
    at: BOOKED_AT,
  });
  await project(context);
  assert.equal(brief(await queue(context, 9)), ['reminder:9:2026-12-09T18:00:00:2d:email pending 2026-12-07T14:00Z']);
  // The first session moves to the 11th: the registration's reminder follows it.
  await append(context, `calendarDate-${CALENDAR}_2026-12-09`, 'CalendarDateMovedAway', {
    calendarId: CALENDAR,
    date: '2026-12-09',
    calendarDateId: 1,
    toDate: '2026-12-11',
    at: '2026-11-22T12:00:00.000Z',
  });
  await append(context, `calendarDate-${CALENDAR}_2026-12-11`, 'CalendarDateMovedHere', {
    calendarId: CALENDAR,
    date: '2026-12-11',
    calendarDateId: 1,
    enabled: true,
    lanes: [{ ...lane, startTime: '18:00:00', endTime: '20:00:00' }],
    seriesId: 5,
    fromDate: '2026-12-09',
    locks: [],
    bookings: [],
    at: '2026-11-22T12:00:00.000Z',
  });
  await project(context);
  assert.equal(brief(await queue(context, 9)), [
    'reminder:9:2026-12-09T18:00:00:2d:email cancelled 2026-12-07T14:00Z',
    'reminder:9:2026-12-11T18:00:00:2d:email pending 2026-12-09T14:00Z',
  ]);
  await append(context, 'groupSessionSeries-5', 'ClientUnregistered', {
    seriesId: 5,
    calendarId: CALENDAR,
    appointmentId: 9,
    spots: 1,
    at: '2026-11-23T12:00:00.000Z',
  });
  await project(context);
  assert.equal(
    (await queue(context, 9)).map((row) => row.status),
    ['cancelled', 'cancelled'],
  );
});

test('an unregistration the client asked to be told of queues one cancelled notice; without notifyClient, none', async (context) => {
  await createCalendar(context, { groupSession: true, extraReminderDays: [] });
  for (const date of ['2026-12-09', '2026-12-16'])
    await append(context, `calendarDate-${CALENDAR}_${date}`, 'CalendarDateAdded', {
      calendarId: CALENDAR,
      date,
      calendarDateId: 1,
      enabled: true,
      lanes: [{ ...lane, startTime: '18:00:00', endTime: '20:00:00' }],
      seriesId: 5,
      copiedFrom: null,
      at: '2026-11-02T12:00:00.000Z',
    });
  for (const appointmentId of [9, 10])
    await append(context, 'groupSessionSeries-5', 'ClientRegistered', {
      seriesId: 5,
      calendarId: CALENDAR,
      appointmentId,
      confirmationCode: 'ABCDEFGHJK',
      lockToken: 't',
      spots: 1,
      appointment: withEmail(),
      at: BOOKED_AT,
    });
  for (const [appointmentId, notifyClient] of [
    [9, true],
    [10, undefined],
  ] as const)
    await append(context, 'groupSessionSeries-5', 'ClientUnregistered', {
      seriesId: 5,
      calendarId: CALENDAR,
      appointmentId,
      spots: 1,
      ...(notifyClient ? { notifyClient } : {}),
      at: '2026-11-23T12:00:00.000Z',
    });
  await project(context);
  const rows = await queue(context, 9);
  assert.equal(brief(rows), [
    'cancelled:9:email pending 2026-11-23T12:00Z',
    'reminder:9:2026-12-09T18:00:00:2d:email cancelled 2026-12-07T14:00Z',
  ]);
  assert.equal(
    [rows[0]!.kind, rows[0]!.channel, rows[0]!.recipient, rows[0]!.sequence],
    ['cancelled', 'email', 'ada@example.org', 2],
  );
  const [notice] = await context.database
    .knex('message_queue')
    .where({ message_key: 'cancelled:9:email' })
    .select('series_id', 'date', 'start_time');
  assert.equal(
    [notice.series_id, notice.date, notice.start_time],
    [5, '2026-12-09', '18:00:00'],
    'the course’s, whose sessions the sender reads from the series',
  );
  assert.equal(brief(await queue(context, 10)), [
    'reminder:10:2026-12-09T18:00:00:2d:email cancelled 2026-12-07T14:00Z',
  ]);
});

test('a whole date moved with its appointments reschedules their reminders', async (context) => {
  await createCalendar(context, { extraReminderDays: [] });
  await book(context, 1, '2026-12-10', '09:30:00', withEmail());
  await append(context, `calendarDate-${CALENDAR}_2026-12-10`, 'CalendarDateMovedAway', {
    calendarId: CALENDAR,
    date: '2026-12-10',
    calendarDateId: 1,
    toDate: '2026-12-12',
    at: '2026-11-22T12:00:00.000Z',
  });
  await append(context, `calendarDate-${CALENDAR}_2026-12-12`, 'CalendarDateMovedHere', {
    calendarId: CALENDAR,
    date: '2026-12-12',
    calendarDateId: 1,
    enabled: true,
    lanes: [lane],
    seriesId: null,
    fromDate: '2026-12-10',
    locks: [],
    bookings: [{ appointmentId: 1, laneId: 1, startTime: '09:30:00', endTime: '10:00:00', clientCount: 1 }],
    at: '2026-11-22T12:00:00.000Z',
  });
  await project(context);
  assert.equal(brief(await queue(context, 1)), [
    'reminder:1:2026-12-10T09:30:00:2d:email cancelled 2026-12-08T14:00Z',
    'reminder:1:2026-12-12T09:30:00:2d:email pending 2026-12-10T14:00Z',
  ]);
});

test('a whole date moved with notifyClients queues a moved notice to each booked client with an e-mail', async (context) => {
  await createCalendar(context, { extraReminderDays: [] });
  await book(context, 1, '2026-12-10', '09:30:00', withEmail());
  await book(context, 2, '2026-12-10', '10:30:00', appointmentDetails());
  // Appointment 1 was moved alone first, its client told: that notice went out at version 2.
  const earlier = { date: '2026-12-10', startTime: '09:30:00' };
  await change(context, 1, { date: '2026-12-10', startTime: '11:00:00' }, earlier, '2026-11-21T15:00:00.000Z', true);
  await project(context);
  await context.database
    .knex('message_queue')
    .where({ message_key: 'moved:1:v2:email' })
    .update({ status: 'sent', recipient: null });
  await append(context, `calendarDate-${CALENDAR}_2026-12-10`, 'CalendarDateMovedAway', {
    calendarId: CALENDAR,
    date: '2026-12-10',
    calendarDateId: 1,
    toDate: '2026-12-12',
    at: '2026-11-22T12:00:00.000Z',
  });
  const booking = { laneId: 1, endTime: '10:00:00', clientCount: 1 };
  await append(context, `calendarDate-${CALENDAR}_2026-12-12`, 'CalendarDateMovedHere', {
    calendarId: CALENDAR,
    date: '2026-12-12',
    calendarDateId: 1,
    enabled: true,
    lanes: [lane],
    seriesId: null,
    fromDate: '2026-12-10',
    locks: [],
    bookings: [
      { ...booking, appointmentId: 1, startTime: '11:00:00', version: 2 },
      { ...booking, appointmentId: 2, startTime: '10:30:00', version: 1 },
    ],
    notifyClients: true,
    at: '2026-11-22T12:00:00.000Z',
  });
  await project(context);
  const rows = await queue(context, 1);
  assert.equal(brief(rows), [
    'moved:1:v2:email sent 2026-11-21T15:00Z',
    'moved:1:v2:email:2026-12-12@2026-11-22T12:00:00.000Z pending 2026-11-22T12:00Z',
    'reminder:1:2026-12-10T09:30:00:2d:email cancelled 2026-12-08T14:00Z',
    'reminder:1:2026-12-10T11:00:00:2d:email cancelled 2026-12-08T14:00Z',
    'reminder:1:2026-12-12T11:00:00:2d:email pending 2026-12-10T14:00Z',
  ]);
  assert.equal(
    [rows[1]!.kind, rows[1]!.sequence, rows[1]!.recipient],
    ['moved', 3, 'ada@example.org'],
    'above the version the earlier notice carried',
  );
  assert.equal(await queue(context, 2), [], 'no e-mail, no notice');
});

test('rebuilding the projection, twice, neither duplicates nor resurrects nor changes a queued row', async (context) => {
  await createCalendar(context);
  await book(context, 1, '2026-12-10', '09:30:00', withEmail({ phoneReminderType: 2 }));
  await book(context, 2, '2026-12-11', '09:30:00', withEmail());
  await moveAcross(context, 1, '2026-12-10', '2026-12-17', '2026-11-21T15:00:00.000Z');
  await append(context, `calendarDate-${CALENDAR}_2026-12-11`, 'AppointmentCancelled', {
    calendarId: CALENDAR,
    date: '2026-12-11',
    appointmentId: 2,
    notifyClient: true,
    at: '2026-11-23T15:00:00.000Z',
  });
  await project(context);
  // The sender has been at work: one notice went out.
  await context.database
    .knex('message_queue')
    .where({ message_key: 'moved:1:v3:email' })
    .update({ status: 'sent', recipient: null });
  const all = () => context.database.knex('message_queue').orderBy('id').select();
  const before = await all();
  const schedule = () => context.database.knex('message_appointments').orderBy('appointment_id').select();
  const scheduled = await schedule();
  // Appointment 1: 4 for its first place (e-mail and text), 2 for its new one (the move dropped the text) and the
  // notice; appointment 2: 2 and the cancellation notice.
  assert.is(before.length, 10);
  for (let round = 0; round < 2; round++) {
    await rebuildProjection(projection, { store: context.store, knex: context.database.knex, batchSize: 2 });
    assert.equal(await all(), before);
    assert.equal(await schedule(), scheduled);
  }
});

test.run();
