import bcrypt from 'bcryptjs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  BCRYPT_COST,
  closePasswordHashing,
  hashPassword,
  MAX_WAITING_TASKS,
  NO_ACCOUNT_HASH,
  PASSWORD_THREADS,
  verifyPassword,
} from '../../../commands/auth/passwords';

const PASSWORD = 'Corr3ct!Horse';

test.after(async () => {
  await closePasswordHashing();
});

test('a new hash is bcrypt at the production cost and checks the password it was made of', async () => {
  const hash = await hashPassword(PASSWORD);
  assert.match(hash, /^\$2[ab]\$/);
  assert.is(bcrypt.getRounds(hash), BCRYPT_COST);
  assert.ok(await verifyPassword(PASSWORD, hash));
  assert.not.ok(await verifyPassword('Wr0ng!Guess', hash));
});

test('hashes made before the password threads (bcryptjs on the calling thread, $2a$ or $2b$) still check', async () => {
  for (const hash of [bcrypt.hashSync(PASSWORD, 4), bcrypt.hashSync(PASSWORD, 4).replace(/^\$2b\$/, '$2a$')]) {
    assert.ok(await verifyPassword(PASSWORD, hash), hash);
    assert.not.ok(await verifyPassword('Wr0ng!Guess', hash), hash);
  }
});

test('without a hash the check is false, and costs what a real check costs (the hash of nothing has the same cost)', async () => {
  assert.not.ok(await verifyPassword(PASSWORD, null));
  assert.not.ok(await verifyPassword('', null));
  assert.is(bcrypt.getRounds(NO_ACCOUNT_HASH), BCRYPT_COST);
});

test('the waiting line is bounded: checks beyond it are refused at once with SERVER_BUSY and a Retry-After', async () => {
  const results = await Promise.allSettled(
    Array.from({ length: PASSWORD_THREADS + MAX_WAITING_TASKS + 8 }, () => verifyPassword(PASSWORD, NO_ACCOUNT_HASH)),
  );
  const refused = results
    .filter((result) => result.status === 'rejected')
    .map(
      (result) =>
        (result as PromiseRejectedResult).reason as { code?: string; details?: { retryAfterSeconds?: number } },
    );
  assert.ok(refused.length > 0, 'some were refused');
  assert.ok(refused.length <= 8, `${refused.length} refused: the threads and the line take the others`);
  for (const reason of refused) {
    assert.is(reason.code, 'SERVER_BUSY');
    assert.ok((reason.details?.retryAfterSeconds ?? 0) >= 1);
  }
});

test.run();
