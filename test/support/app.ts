import path from 'node:path';
import { loadConfig } from '../../commands/infrastructure/config';
import { silentLogger, type Logger } from '../../commands/infrastructure/logger';
import { startServer, type RunningServer } from '../../api/server';
import { createTestDatabase, type TestDatabase } from './database';

export interface TestApp {
  baseUrl: string;
  server: RunningServer;
  database: TestDatabase;
  /** The seeded System Administrator. */
  seedAdmin: { email: string; password: string };
  stop(): Promise<void>;
}

export interface TestAppOptions {
  seed?: boolean;
  now?: () => Date;
  twoFactor?: 'email' | 'off';
  /** Mail goes here (e.g. an SMTP capture); without it, to an outbox in a throwaway folder. */
  smtpUrl?: string;
  adminEmail?: string;
  adminPassword?: string;
  /** The proof-of-work bot check; off unless a test is about it. */
  botCheck?: 'on' | 'off';
  /** UNIT_TIMEZONE (default America/Toronto). */
  unitTimezone?: string;
  /** Where the app logs; silent unless a test reads the log. */
  logger?: Logger;
  /**
   * PUBLIC_LOCKS_PER_ADDRESS: every test request comes from one address, so it is high unless a test is about it.
   * (PUBLIC_LOCKS_PER_SESSION keeps its default: API tests send no cookie, and browser tests should meet it.)
   */
  publicLocksPerAddress?: number;
  /** NODE_ENV=production: the client address comes from X-Forwarded-For (so a test can speak from several). */
  production?: boolean;
  /** More settings, as environment variables (e.g. READY_MAX_LAG_SECONDS, METRICS_TOKEN). */
  env?: Record<string, string>;
}

export const TEST_ADMIN = { email: 'root@example.com', password: 'Str0ng!Passw0rd' };
/** The test app's AUTH_SECRET, for tests that check what it signs (e.g. the links of e-mails). */
export const TEST_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123';

/** The whole application (seeded demo, projectors, API, built SPA) on a free port, over a fresh test database. */
export async function startTestApp({
  seed = true,
  now,
  twoFactor = 'off',
  smtpUrl,
  adminEmail = TEST_ADMIN.email,
  adminPassword = TEST_ADMIN.password,
  botCheck = 'off',
  unitTimezone = 'America/Toronto',
  logger = silentLogger,
  publicLocksPerAddress = 1_000,
  production = false,
  env = {},
}: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  await database.close(); // the server opens its own connections
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: database.url,
    DATA_DIR: path.resolve(`.data/test-app-${database.name}`),
    PORT: '0',
    EVENTSTORE_URL: '',
    SMTP_URL: smtpUrl ?? '',
    TWO_FACTOR: twoFactor,
    BOT_CHECK: botCheck,
    UNIT_TIMEZONE: unitTimezone,
    PUBLIC_LOCKS_PER_ADDRESS: String(publicLocksPerAddress),
    LOG_LEVEL: 'silent',
    AUTH_SECRET: TEST_AUTH_SECRET,
    SEED_ADMIN_EMAIL: adminEmail,
    SEED_ADMIN_PASSWORD: adminPassword,
    PUBLIC_URL: '',
    NODE_ENV: production ? 'production' : 'test',
    ...env,
  });
  let server: RunningServer;
  try {
    server = await startServer({
      config,
      logger,
      webRoot: path.resolve(process.env.TEST_WEB_ROOT ?? 'web/dist'),
      seed,
      requestsPerMinute: 100_000,
      ...(now ? { now } : {}),
    });
  } catch (error) {
    // uvu drops an error thrown by a before hook (its tests just do not run), so say what it was.
    console.error('  the test app could not start:', error);
    await database.drop();
    throw error;
  }
  return {
    baseUrl: server.url,
    server,
    database,
    seedAdmin: { email: adminEmail, password: adminPassword },
    async stop() {
      await server.stop();
      await database.drop();
      const { rm } = await import('node:fs/promises');
      await rm(config.dataDir, { recursive: true, force: true });
    },
  };
}
