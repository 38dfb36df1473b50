import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { freePlaceOf, reservePlace } from '../../../commands/booking/public-lock-holders';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { queriesMade } from '../../support/queries-made';

const test = suite<{ database: TestDatabase }>('commands: public lock places');
test.before(async (context) => {
  context.database = await createTestDatabase();
});
test.after(async (context) => {
  await context.database?.drop();
});

const now = new Date('2026-11-28T15:00:00Z');
const holder = { clientAddress: '203.0.113.9', browserSession: 'session-1' };
const bounds = { perSession: 10, perAddress: 10 };

test('places freed at the same moment go in one statement; the other holders keep theirs', async ({ database }) => {
  const tokens = ['1.a', '1.b', '1.c', '1.d'];
  for (const token of tokens)
    await reservePlace(database.knex, holder, { token, expiresAt: '2026-11-28T15:05:00Z' }, bounds, now);
  const { queries } = await queriesMade(database.knex, () =>
    Promise.all(['1.a', '1.c', '1.x'].map((token) => freePlaceOf(database.knex, token))),
  );
  assert.is(queries.length, 1, queries.join('\n'));
  const left = await database.knex('public_lock_holders').orderBy('token').pluck('token');
  assert.equal(left, ['1.b', '1.d']);
});

test.run();
