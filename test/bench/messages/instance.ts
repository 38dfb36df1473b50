/**
 * One instance of the reminders' benchmark (test/bench/messages/run.ts), in a process of its own as a second API
 * instance would be: a message dispatcher over DATABASE URL draining `message_queue` into the outbox folder at the
 * bench's clock. Prints `{"handled": N}` as its last line.
 *   node --import tsx test/bench/messages/instance.ts <database url> <outbox folder> <clock ISO>
 */
import { messageLookups } from '../../../api/message-lookups';
import { PostgresEventStore } from '../../../commands/event-store/postgres';
import { connectDatabase } from '../../../commands/infrastructure/database';
import { silentLogger } from '../../../commands/infrastructure/logger';
import { outboxMailer } from '../../../commands/mail/outbox';
import { startMessageDispatcher } from '../../../commands/messages/dispatcher';
import { outboxMessenger } from '../../../commands/messaging/outbox';

const [url, outbox, clock] = process.argv.slice(2) as [string, string, string];
const database = connectDatabase(url, { poolSize: 12 });
const now = new Date(clock);
const dispatcher = startMessageDispatcher({
  knex: database.knex,
  store: new PostgresEventStore(database.pool, database.url),
  lookups: messageLookups(database.knex),
  databaseUrl: url,
  mailer: outboxMailer(outbox, 'booking@bench.invalid', silentLogger, { logContent: false }),
  messenger: outboxMessenger(outbox, silentLogger),
  now: () => now,
  logger: silentLogger,
  timeZone: 'America/Toronto',
  manageLinks: { authSecret: 'bench-secret-bench-secret-bench-secret', publicUrl: 'https://bench.invalid' },
  pollMs: 3_600_000,
});
const handled = await dispatcher.drain();
await dispatcher.stop();
await database.close();
console.log(JSON.stringify({ handled }));
process.exit(0);
