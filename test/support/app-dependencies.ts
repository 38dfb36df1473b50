import type { AppDependencies } from '../../api/dependencies';
import { readModelLookups } from '../../api/read-model-lookups';
import { startAccessLogRecorder } from '../../commands/access-log/recorder';
import { PostgresEventStore } from '../../commands/event-store/postgres';
import { loadConfig } from '../../commands/infrastructure/config';
import { silentLogger } from '../../commands/infrastructure/logger';
import type { Mailer } from '../../commands/mail/port';
import type { TestDatabase } from './database';

/** For suites that never send mail: sending fails the test loudly. */
export const noMailExpected: Mailer = {
  async send(message) {
    throw new Error(`This test did not expect mail (${message.purpose})`);
  },
};

/** The API's dependencies over a test database, with a fixed clock; override what a suite needs. */
export function testAppDependencies(database: TestDatabase, overrides: Partial<AppDependencies> = {}): AppDependencies {
  return {
    config: loadConfig({ LOG_LEVEL: 'silent', TWO_FACTOR: 'off' }),
    knex: database.knex,
    store: new PostgresEventStore(database.pool, database.url),
    now: () => new Date('2026-11-22T15:00:00Z'),
    logger: silentLogger,
    mailer: noMailExpected,
    lookups: readModelLookups(database.knex),
    accessLog: startAccessLogRecorder({ knex: database.knex, logger: silentLogger }),
    authSecret: 'test-secret-test-secret-test-secret-0123',
    publicUrl: 'http://localhost:3000',
    waitForProjections: async () => true,
    projectorLag: async () => [],
    ...overrides,
  };
}
