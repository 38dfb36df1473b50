import path from 'node:path';
import { loadConfig } from '../../commands/infrastructure/config';
import { silentLogger } from '../../commands/infrastructure/logger';
import { startServer, type RunningServer } from '../../api/server';
import { createTestDatabase, type TestDatabase } from './database';

export interface TestApp {
  baseUrl: string;
  server: RunningServer;
  database: TestDatabase;
  stop(): Promise<void>;
}

/** The whole application (seeded demo, projectors, API, built SPA) on a free port, over a fresh test database. */
export async function startTestApp({ seed = true, now }: { seed?: boolean; now?: () => Date } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  await database.close(); // the server opens its own connections
  const config = loadConfig({ ...process.env, DATABASE_URL: database.url, PORT: '0', EVENTSTORE_URL: '', TWO_FACTOR: 'off', BOT_CHECK: 'off', LOG_LEVEL: 'silent' });
  const server = await startServer({ config, logger: silentLogger, webRoot: path.resolve('web/dist'), seed, requestsPerMinute: 100_000, ...(now ? { now } : {}) });
  return {
    baseUrl: server.url,
    server,
    database,
    async stop() {
      await server.stop();
      await database.drop();
    },
  };
}
