import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PostgresEventStore } from '../../commands/event-store/postgres';
import { silentLogger } from '../../commands/infrastructure/logger';
import type { WaitlistEntry, WaitlistOffer, WaitlistTarget } from '../../domain/waitlist/waitlist';
import { waitlistStream } from '../../domain/waitlist/waitlist';
import { rebuildProjection } from '../../projections/runner/rebuild';
import { ProjectionRunner } from '../../projections/runner/runner';
import {
  findOfferByHoldToken,
  findWaitlistEntry,
  firstWaitingEntries,
  offersToSettle,
  waitlistLine,
} from '../../projections/waitlist/queries';
import { waitlistProjection } from '../../projections/waitlist/projection';
import { appointmentDetails } from '../support/appointment-details';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { newEvent } from '../support/events';

/** Issue 20 item 6: projections/waitlist keeps waitlist_entries (lines, offers, bookings under an offer's hold). */

interface Context {
  database: TestDatabase;
  store: PostgresEventStore;
}

const test = suite<Context>('projections: waitlist', {} as Context);

test.before.each(async (context) => {
  context.database = await createTestDatabase();
  context.store = new PostgresEventStore(context.database.pool, context.database.url);
});
test.after.each(async (context) => {
  await context.database.drop();
});

const course: WaitlistTarget = { kind: 'series', calendarId: 12, seriesId: 7 };
const day: WaitlistTarget = { kind: 'date', calendarId: 12, date: '2026-12-03' };
const AT = '2026-11-24T15:00:00.000Z';
const LATER = '2026-11-24T18:00:00.000Z';
const uuid = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const entry = (n: number, email: string, changes: Partial<WaitlistEntry> = {}): WaitlistEntry => ({
  entryId: uuid(n),
  serviceId: 3,
  email,
  language: 'en',
  spots: 2,
  duration: null,
  joinedAt: AT,
  ...changes,
});
const offer = (n: number, expiresAt = '2026-11-25T03:00:00.000Z'): WaitlistOffer => ({
  entryId: uuid(n),
  holdToken: `hold-${n}`,
  laneId: 40,
  startTime: null,
  endTime: null,
  expiresAt,
  madeAt: AT,
});

const append = (context: Context, target: WaitlistTarget, type: string, data: Record<string, unknown>) =>
  context.store.append(waitlistStream(target), 'any', [newEvent(type, { target, at: AT, ...data })]);

/** Applies the whole log, catching up until the checkpoint reaches the last event (another suite may hold it back). */
async function project(context: Context) {
  const runner = new ProjectionRunner({
    store: context.store,
    knex: context.database.knex,
    databaseUrl: context.database.url,
    projections: [waitlistProjection],
    logger: silentLogger,
  });
  for (let tries = 0; tries < 400; tries++) {
    await runner.catchUp();
    const reached = await context.database.knex.raw<{ rows: { reached: boolean }[] }>(
      `select coalesce((select prepare_position from projection_checkpoints where name = 'waitlist'), 0)
         >= (select max(global_position) from es_events) as reached`,
    );
    if (reached.rows[0]!.reached) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the projection did not reach the end of the log');
}

async function lineOfThree(context: Context) {
  await append(context, course, 'WaitlistJoined', { entry: entry(1, 'ada@example.com') });
  await append(context, day, 'WaitlistJoined', { entry: entry(9, 'zoe@example.com', { spots: 1, duration: 900 }) });
  await append(context, course, 'WaitlistJoined', { entry: entry(2, 'bob@example.com') });
  await append(context, course, 'WaitlistJoined', { entry: entry(3, 'cy@example.com') });
}

test('joins make a line in the order of joining, per target, numbered among those in line', async (context) => {
  await lineOfThree(context);
  await project(context);
  const line = await waitlistLine(context.database.knex, course);
  assert.equal(
    line.map((item) => [item.email, item.position, item.status, item.spots]),
    [
      ['ada@example.com', 1, 'waiting', 2],
      ['bob@example.com', 2, 'waiting', 2],
      ['cy@example.com', 3, 'waiting', 2],
    ],
  );
  const [zoe] = await waitlistLine(context.database.knex, day);
  assert.equal([zoe!.email, zoe!.position, zoe!.duration, zoe!.joinedAt], ['zoe@example.com', 1, 900, AT]);
  const first = await firstWaitingEntries(context.database.knex);
  assert.equal(first.map((record) => [record.entryId, record.target]).sort(), [
    [uuid(1), course],
    [uuid(9), day],
  ]);
});

test('an offer, a leave and a lapse: statuses, and the next ones move up', async (context) => {
  await lineOfThree(context);
  await append(context, course, 'WaitlistOfferMade', { offer: offer(1, LATER) });
  await append(context, course, 'WaitlistLeft', { entryId: uuid(2), at: LATER });
  await project(context);
  let line = await waitlistLine(context.database.knex, course);
  assert.equal(
    line.map((item) => [item.position, item.status, item.offerExpiresAt]),
    [
      [1, 'offered', LATER],
      [null, 'left', null],
      [2, 'waiting', null],
    ],
  );
  assert.equal(
    (await firstWaitingEntries(context.database.knex)).find((record) => record.streamId === waitlistStream(course))
      ?.entryId,
    uuid(3),
    'the offered one is no longer waiting',
  );
  const found = await findOfferByHoldToken(context.database.knex, 'hold-1');
  assert.equal([found?.entryId, found?.status, found?.offer], [uuid(1), 'offered', offer(1, LATER)]);
  assert.equal(await offersToSettle(context.database.knex, AT), [], 'the offer still runs');
  assert.equal(
    (await offersToSettle(context.database.knex, LATER)).map((record) => record.entryId),
    [uuid(1)],
    'run out at its end',
  );
  await append(context, course, 'WaitlistOfferLapsed', { entryId: uuid(1), at: LATER });
  await project(context);
  line = await waitlistLine(context.database.knex, course);
  assert.equal(
    line.map((item) => [item.position, item.status]),
    [
      [null, 'lapsed'],
      [null, 'left'],
      [1, 'waiting'],
    ],
  );
  assert.equal(await offersToSettle(context.database.knex, LATER), []);
});

test('a booking under an offered hold marks it taken; the offer taken makes it booked', async (context) => {
  await lineOfThree(context);
  await append(context, course, 'WaitlistOfferMade', { offer: offer(1) });
  await append(context, day, 'WaitlistOfferMade', {
    offer: { ...offer(9), startTime: '09:00:00', endTime: '09:15:00' },
  });
  const registered = { seriesId: 7, calendarId: 12, confirmationCode: 'ABCDEFGHJK', spots: 2, at: LATER };
  const appointment = appointmentDetails({ email: 'ada@example.com' });
  await context.store.append('groupSessionSeries-7', 'any', [
    newEvent('ClientRegistered', { ...registered, appointmentId: 70, lockToken: 'someone-else', appointment }),
    newEvent('ClientRegistered', { ...registered, appointmentId: 71, lockToken: 'hold-1', appointment }),
  ]);
  await context.store.append('calendarDate-12_2026-12-03', 'any', [
    newEvent('AppointmentBooked', {
      calendarId: 12,
      date: '2026-12-03',
      appointmentId: 72,
      laneId: 40,
      startTime: '09:00:00',
      endTime: '09:15:00',
      lockToken: 'hold-9',
      confirmationCode: 'BCDEFGHJKL',
      appointment,
      at: LATER,
    }),
  ]);
  await project(context);
  const settled = await offersToSettle(context.database.knex, AT);
  assert.equal(
    settled.map((record) => [record.entryId, record.status, record.takenByAppointmentId]),
    [
      [uuid(1), 'offered', 71],
      [uuid(9), 'offered', 72],
    ],
  );
  assert.equal((await findOfferByHoldToken(context.database.knex, 'hold-9'))?.offer?.startTime, '09:00:00');
  await append(context, course, 'WaitlistOfferTaken', { entryId: uuid(1), appointmentId: 71, at: LATER });
  await project(context);
  const booked = await findWaitlistEntry(context.database.knex, uuid(1));
  assert.equal([booked?.status, booked?.appointmentId, booked?.updatedAt], ['booked', 71, LATER]);
  assert.equal(
    (await offersToSettle(context.database.knex, AT)).map((record) => record.entryId),
    [uuid(9)],
  );
  const [first] = await waitlistLine(context.database.knex, course);
  assert.equal([first!.status, first!.appointmentId, first!.position], ['booked', 71, null]);
});

test('a batch of bookings is read in order: only those under an offered hold count, the last under a hold wins', async (context) => {
  await lineOfThree(context);
  const registered = { seriesId: 7, calendarId: 12, confirmationCode: 'ABCDEFGHJK', spots: 2, at: LATER };
  const appointment = appointmentDetails({ email: 'ada@example.com' });
  const registration = (appointmentId: number, lockToken: string | null) =>
    newEvent('ClientRegistered', { ...registered, appointmentId, lockToken, appointment });
  // Before an offer, its token is nobody's; after it, two bookings name it.
  await context.store.append('groupSessionSeries-7', 'any', [registration(60, 'hold-1'), registration(61, 'hold-2')]);
  await append(context, course, 'WaitlistOfferMade', { offer: offer(1) });
  await append(context, course, 'WaitlistOfferMade', { offer: offer(2) });
  await context.store.append('groupSessionSeries-7', 'any', [
    ...Array.from({ length: 40 }, (_, index) => registration(100 + index, index % 2 ? null : `other-${index}`)),
    registration(71, 'hold-1'),
    registration(73, 'hold-1'),
  ]);
  await project(context);
  const [taken] = await offersToSettle(context.database.knex, AT);
  assert.equal([taken?.entryId, taken?.takenByAppointmentId], [uuid(1), 73]);
  assert.is(
    (await offersToSettle(context.database.knex, AT)).length,
    1,
    'the booking before the second offer counts for nothing',
  );
  assert.is((await findWaitlistEntry(context.database.knex, uuid(2)))?.status, 'offered');
});

test('a rebuild gives the same rows', async (context) => {
  await lineOfThree(context);
  await append(context, course, 'WaitlistOfferMade', { offer: offer(1) });
  await append(context, course, 'WaitlistLeft', { entryId: uuid(3) });
  await project(context);
  const rows = () => context.database.knex('waitlist_entries').orderBy('entry_id').select();
  const before = await rows();
  await rebuildProjection(waitlistProjection, { store: context.store, knex: context.database.knex });
  assert.equal(await rows(), before);
});

test.run();
