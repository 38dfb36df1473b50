import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { freePlaceOf, reservePlace, type TooManyLocks } from '../../../commands/booking/public-lock-holders';
import type { DomainError } from '../../../domain/shared/decider';
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

test('places asked for at the same moment are taken in turn, in one statement: the bound holds within the batch', async ({
  database,
}) => {
  const crowd = { clientAddress: '198.51.100.7', browserSession: 'crowd' };
  const { answer: outcomes, queries } = await queriesMade(database.knex, () =>
    Promise.allSettled(
      ['2.a', '2.b', '2.c', '2.d', '2.e'].map((token, index) =>
        reservePlace(
          database.knex,
          { ...crowd, browserSession: `crowd-${index}` },
          { token, expiresAt: '2026-11-28T15:05:00Z' },
          { perSession: 10, perAddress: 3 },
          now,
        ),
      ),
    ),
  );
  assert.equal(
    outcomes.map((outcome) => (outcome.status === 'fulfilled' ? 'placed' : (outcome.reason as DomainError).code)),
    ['placed', 'placed', 'placed', 'TOO_MANY_LOCKS', 'TOO_MANY_LOCKS'],
  );
  assert.is(
    ((outcomes[3] as PromiseRejectedResult).reason as TooManyLocks).retryAfterSeconds,
    300,
    'until the first of the address’s places lapses',
  );
  assert.is(queries.length, 1, queries.join('\n'));
  const held = await database.knex('public_lock_holders').where({ client_address: crowd.clientAddress }).pluck('token');
  assert.equal(held.sort(), ['2.a', '2.b', '2.c']);
});

test.run();
