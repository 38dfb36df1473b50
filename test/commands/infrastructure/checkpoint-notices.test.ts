import pg from 'pg';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { CheckpointNotices, parsePayload } from '../../../commands/infrastructure/checkpoint-notices';
import { silentLogger } from '../../../commands/infrastructure/logger';
import type { LogPosition } from '../../../domain/event-store/port';
import { createTestDatabase, type TestDatabase } from '../../support/database';

const test = suite<{ database: TestDatabase; stops: (() => Promise<void>)[] }>('commands: checkpoint notices');
test.before(async (context) => {
  context.database = await createTestDatabase();
});
test.before.each((context) => {
  context.stops = [];
});
test.after.each(async (context) => {
  await Promise.all(context.stops.map((stop) => stop()));
});
test.after(async (context) => {
  await context.database.drop();
});

const at = (commit: number, prepare: number): LogPosition => ({ commit: BigInt(commit), prepare: BigInt(prepare) });

async function listening(context: { database: TestDatabase; stops: (() => Promise<void>)[] }) {
  const notices = new CheckpointNotices(context.database.knex, context.database.url, silentLogger);
  const heard: [string, LogPosition][][] = [];
  let current: [string, LogPosition][] = [];
  await notices.listen(
    (name, position) => {
      current.push([name, position]);
      queueMicrotask(() => {
        if (current.length > 0) heard.push(current);
        current = [];
      });
    },
    () => undefined,
  );
  context.stops.push(() => notices.stop());
  return { notices, heard };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let index = 0; index < 200 && !condition(); index++) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.ok(condition(), what);
}

test('a checkpoint announced by one process is heard by another', async (context) => {
  const { heard } = await listening(context);
  const announcing = new CheckpointNotices(context.database.knex, context.database.url, silentLogger);
  announcing.announce('calendarDates', at(812, 44));
  await until(() => heard.length === 1, 'one notification');
  assert.equal(heard[0], [['calendarDates', at(812, 44)]]);
});

test('given the read models commands wait for, only their checkpoints are announced', async (context) => {
  const { heard } = await listening(context);
  const announcing = new CheckpointNotices(
    context.database.knex,
    context.database.url,
    silentLogger,
    new Set(['calendarDates']),
  );
  announcing.announce('analytics', at(900, 1));
  announcing.announce('calendarDates', at(900, 2));
  await until(() => heard.length === 1, 'one notification');
  await new Promise((resolve) => setTimeout(resolve, 100));
  assert.equal(heard, [[['calendarDates', at(900, 2)]]], 'nothing of the analytics, which nobody waits for');
});

test('checkpoints announced while a notification is on its way go out together in the next, the latest of each', async (context) => {
  // The notifications themselves, one payload each: two can reach a listener in one read of its socket.
  const listener = new pg.Client({ connectionString: context.database.url });
  await listener.connect();
  context.stops.push(() => listener.end());
  const payloads: string[] = [];
  listener.on('notification', (message) => payloads.push(message.payload ?? ''));
  await listener.query('listen projection_checkpoints');
  const announcing = new CheckpointNotices(context.database.knex, context.database.url, silentLogger);
  announcing.announce('calendarDates', at(1, 1));
  announcing.announce('appointments', at(1, 2));
  announcing.announce('calendarDates', at(2, 7));
  announcing.announce('messages', at(2, 7));
  await until(() => payloads.some((payload) => payload.includes('messages')), 'the last announcement heard');
  await new Promise((resolve) => setTimeout(resolve, 100));
  assert.is(payloads.length, 2, 'two notifications for four announcements');
  assert.equal(parsePayload(payloads[0]!), [['calendarDates', at(1, 1)]]);
  assert.equal(
    new Map(parsePayload(payloads[1]!)),
    new Map([
      ['appointments', at(1, 2)],
      ['calendarDates', at(2, 7)],
      ['messages', at(2, 7)],
    ]),
  );
});

test('a payload it cannot read brings nothing', () => {
  assert.equal(parsePayload('not json'), []);
  assert.equal(parsePayload('[1,2]'), []);
  assert.equal(parsePayload('{"calendarDates":"12/x","appointments":7}'), []);
  assert.equal(parsePayload('{"calendarDates":"12/34"}'), [['calendarDates', at(12, 34)]]);
});

test.run();
