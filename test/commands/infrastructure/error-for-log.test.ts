import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { capturingLogger } from '../../support/capturing-logger';
import { createTestDatabase, type TestDatabase } from '../../support/database';

/** Issue 12, item 7: an error logged from a failed query carries its codes, never the record it quotes. */
const test = suite<{ database: TestDatabase }>('logs: database errors without the records they quote');
const MARKER = 'Zyxwvmarker';

async function failureOf(query: Promise<unknown>): Promise<unknown> {
  try {
    await query;
  } catch (error) {
    return error;
  }
  throw new Error('the query was expected to fail');
}

test.before(async (context) => {
  context.database = await createTestDatabase();
  await context.database.knex.raw(
    'create table people (id int primary key, email text unique not null, born date not null)',
  );
  await context.database.knex('people').insert({ id: 1, email: `${MARKER}@example.com`, born: '1990-01-01' });
});
test.after(async (context) => {
  await context.database?.drop();
});

test('a unique violation, a bad JSON text and a bad date are logged without the values', async ({ database }) => {
  const errors = [
    await failureOf(database.knex('people').insert({ id: 2, email: `${MARKER}@example.com`, born: '1990-01-01' })),
    await failureOf(database.knex.raw('select ?::jsonb', [`{"name": "${MARKER}\\u0000"}`])),
    await failureOf(database.knex('people').insert({ id: 3, email: 'someone@example.com', born: `${MARKER}-13-45` })),
  ];
  const { logger, text } = capturingLogger();
  for (const err of errors) logger.error({ err }, 'unexpected error');
  const raw = errors
    .map((error) => JSON.stringify({ ...(error as object), message: (error as Error).message }))
    .join('');
  assert.ok(raw.includes(MARKER), 'the errors themselves quote the record');
  assert.not.ok(text().includes(MARKER), text());
  const logged = text()
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  assert.ok(
    logged.every((line) => /^[0-9A-Z]{5}$/.test(line.err.code)),
    'each keeps its SQLSTATE',
  );
  assert.equal(
    [logged[0].err.code, logged[0].err.constraint],
    ['23505', 'people_email_key'],
    'what went wrong is still there',
  );
});

test('an address in any logged error is hidden', () => {
  const { logger, text } = capturingLogger();
  logger.warn({ err: new Error(`550 5.1.1 <${MARKER}@example.com>: Recipient address rejected`) }, 'send failed');
  assert.not.ok(text().includes(MARKER));
  assert.ok(text().includes('Recipient address rejected'));
});

test.run();
