import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { newBookingIds, newConfirmationCode, reserveConfirmationCode } from '../../../commands/booking/booking-ids';
import { PostgresEventStore } from '../../../commands/event-store/postgres';
import { CONFIRMATION_CODE_ALPHABET, CONFIRMATION_CODE_LENGTH } from '../../../domain/appointments/appointment';
import * as confirmationCodesMigration from '../../../migrations/20261124_13_confirmation_codes';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { queriesMade } from '../../support/queries-made';
import { newEvent, uniqueStream } from '../../support/events';

/** Confirmation codes are drawn at random and reserved in PostgreSQL, so that no two bookings ever share one. */
const test = suite<{ database: TestDatabase }>('commands: confirmation codes');
test.before(async (context) => {
  context.database = await createTestDatabase();
});
test.after(async (context) => {
  await context.database?.drop();
});

/** Draws the given codes in turn, counting the draws. */
function drawing(...codes: string[]) {
  const draw = () => {
    draw.count += 1;
    return codes[(draw.count - 1) % codes.length]!;
  };
  draw.count = 0;
  return draw;
}

test('a drawn code is 10 characters of the unambiguous alphabet', () => {
  const codes = Array.from({ length: 200 }, newConfirmationCode);
  const pattern = new RegExp(`^[${CONFIRMATION_CODE_ALPHABET}]{${CONFIRMATION_CODE_LENGTH}}$`);
  assert.ok(
    codes.every((code) => pattern.test(code)),
    codes.find((code) => !pattern.test(code)),
  );
  assert.is(new Set(codes).size, codes.length);
});

test('a code is given once: a draw that was already given is drawn again', async ({ database }) => {
  assert.is(await reserveConfirmationCode(database.knex, drawing('AAAAAAAAAA')), 'AAAAAAAAAA');
  const again = drawing('AAAAAAAAAA', 'BBBBBBBBBB');
  assert.is(await reserveConfirmationCode(database.knex, again), 'BBBBBBBBBB');
  assert.is(again.count, 2);
});

test('concurrent reservations of one drawn code: exactly one gets it', async ({ database }) => {
  const outcomes = await Promise.allSettled(
    Array.from({ length: 10 }, () => reserveConfirmationCode(database.knex, drawing('CCCCCCCCCC'))),
  );
  assert.is(outcomes.filter((outcome) => outcome.status === 'fulfilled').length, 1);
  const refusal = outcomes.find((outcome) => outcome.status === 'rejected');
  assert.match(String(refusal?.reason), /taken/);
});

test('a booking’s ids come together: the next appointment id and a code not given before (drawn again when taken)', async ({
  database,
}) => {
  const first = await newBookingIds(database.knex, drawing('FFFFFFFFFF'));
  assert.is(first.confirmationCode, 'FFFFFFFFFF');
  const draw = drawing('FFFFFFFFFF', 'GGGGGGGGGG');
  const second = await newBookingIds(database.knex, draw);
  assert.is(second.appointmentId, first.appointmentId + 1);
  assert.is(second.confirmationCode, 'GGGGGGGGGG', 'the taken code is not given twice');
  assert.is(draw.count, 2);
});

test('bookings asking at the same moment get their ids in one statement, none sharing a code or an id', async ({
  database,
}) => {
  const { answer: ids, queries } = await queriesMade(database.knex, () =>
    Promise.all([
      newBookingIds(database.knex, drawing('HHHHHHHHHH')),
      newBookingIds(database.knex, drawing('JJJJJJJJJJ')),
      newBookingIds(database.knex, drawing('JJJJJJJJJJ', 'KKKKKKKKKK')),
    ]),
  );
  assert.equal(
    ids.map((booking) => booking.confirmationCode),
    ['HHHHHHHHHH', 'JJJJJJJJJJ', 'KKKKKKKKKK'],
    'the code drawn twice in the batch is given once; the second booking draws again',
  );
  assert.is(new Set(ids.map((booking) => booking.appointmentId)).size, 3);
  assert.is(queries.length, 2, 'one statement for the three, one more for the code drawn again');
});

test('the migration carries over the codes already in the event log', async ({ database }) => {
  const store = new PostgresEventStore(database.pool, database.url);
  await store.append(uniqueStream('calendarDate'), 'no_stream', [
    newEvent('AppointmentBooked', { appointmentId: 1, confirmationCode: 'DDDDDDDDDD' }),
  ]);
  await database.knex.raw('drop table confirmation_codes');
  await confirmationCodesMigration.up(database.knex);
  const draw = drawing('DDDDDDDDDD', 'EEEEEEEEEE');
  assert.is(await reserveConfirmationCode(database.knex, draw), 'EEEEEEEEEE', 'the logged code is never given again');
});

test.run();
