import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Mailer } from '../../../commands/mail/port';
import type { MessageDispatcher } from '../../../commands/messages/dispatcher';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { addAppointment, enqueue, seedReadModels, startDispatcher } from './queue-fixture';

/** Two instances (two dispatchers, each on its own connections' claims) drain the same 200 due rows at once. */
interface Context {
  database: TestDatabase;
  dispatchers: MessageDispatcher[];
}

const test = suite<Context>('messages: two instances sending at once');

test.before(async (context) => {
  context.database = await createTestDatabase();
  context.dispatchers = [];
  await seedReadModels(context.database);
});
test.after(async (context) => {
  await Promise.all(context.dispatchers.map((started) => started.stop()));
  await context.database?.drop();
});

test('two dispatchers draining the same 200 due reminders send each exactly once and record each once', async (context) => {
  const sentBy = new Map<string, string[]>();
  const mailer = (instance: string): Mailer => ({
    async send(message) {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
      const code = message.text.match(/Confirmation code: (\S+)/)![1]!;
      sentBy.set(code, [...(sentBy.get(code) ?? []), instance]);
    },
  });
  const codes: string[] = [];
  for (let index = 0; index < 200; index++) {
    const code = `CODE${String(index).padStart(6, '0')}`;
    codes.push(code);
    await enqueue(context.database, await addAppointment(context.database), { confirmation_code: code });
  }
  const first = startDispatcher(context.database, { mailer: mailer('first') });
  const second = startDispatcher(context.database, { mailer: mailer('second') });
  context.dispatchers.push(first, second);
  const [one, two] = await Promise.all([first.drain(), second.drain()]);
  assert.is(one + two, 200);
  assert.equal([...sentBy.keys()].sort(), codes);
  assert.ok(
    [...sentBy.values()].every((instances) => instances.length === 1),
    'no message was sent twice',
  );
  const instances = new Set([...sentBy.values()].flat());
  assert.equal([...instances].sort(), ['first', 'second'], 'both instances took a share');
  const statuses = await context.database.knex('message_queue').groupBy('status').select('status').count();
  assert.equal(statuses, [{ status: 'sent', count: '200' }]);
  const recorded = await context.database.knex('es_events').where({ type: 'MessageSent' }).count();
  assert.equal(recorded, [{ count: '200' }]);
});

test.run();
