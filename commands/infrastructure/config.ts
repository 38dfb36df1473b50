import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const onOff = z.enum(['on', 'off']);

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  API_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(1200),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z.string().url().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  EVENTSTORE_URL: z.string().min(1).optional(),
  SMTP_URL: z.string().min(1).optional(),
  OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(7),
  UNIT_TIMEZONE: z.string().min(1).default('America/Toronto'),
  SEED_ADMIN_EMAIL: z.string().email().optional(),
  SEED_ADMIN_PASSWORD: z.string().min(1).optional(),
  TWO_FACTOR: z.enum(['email', 'off']).default('email'),
  BOT_CHECK: onOff.default('on'),
  ACCESS_LOG: onOff.default('on'),
  PUBLIC_LOCKS_PER_SESSION: z.coerce.number().int().min(1).max(100).default(2),
  PUBLIC_LOCKS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(10),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  AUTH_SECRET_PREVIOUS: z.string().min(32, 'must be at least 32 characters').optional(),
  AUTH_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  AUTH_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 7)
    .default(12),
  REMINDER_SEND_TIME: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM (24-hour)')
    .default('09:00'),
  MESSAGING: z.enum(['outbox', 'twilio']).default('outbox'),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM_NUMBER: z.string().min(1).optional(),
  TWILIO_API_URL: z.string().url().default('https://api.twilio.com'),
  MAIL_FROM: z.string().min(3).default('Public Health Unit <no-reply@example.com>'),
  PUBLIC_URL: z.string().url().optional(),
  READY_MAX_LAG_SECONDS: z.coerce.number().min(0).max(86_400).default(30),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(500).default(20),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('development'),
});

/** API worker processes of `npm start` without WEB_CONCURRENCY: one per core, at most 4 (see the README). */
export const defaultWebConcurrency = (): number => Math.min(os.availableParallelism(), 4);

export interface Config {
  port: number;
  /** API worker processes of `npm start`: WEB_CONCURRENCY, default one per core (at most 4: see the README). */
  webConcurrency: number;
  /** Requests to /api one client address may make a minute, counted across every worker. */
  apiRequestsPerMinute: number;
  dataDir: string;
  databaseUrl: string | undefined;
  embeddedPgPort: number;
  eventStoreUrl: string | undefined;
  smtpUrl: string | undefined;
  /** Days a mail written to DATA_DIR/outbox (no SMTP_URL) is kept; 0 keeps them all. */
  outboxRetentionDays: number;
  unitTimezone: string;
  seedAdminEmail: string | undefined;
  seedAdminPassword: string | undefined;
  twoFactor: 'email' | 'off';
  botCheck: boolean;
  /** The access log of staff reads (issue 18); 'off' exists only to measure what recording costs. */
  accessLog: boolean;
  /** Live public locks one browser session may hold (Back and choose again releases the old one first). */
  publicLocksPerSession: number;
  /** Live public locks one client address may hold: several visitors may share one (a clinic, a library). */
  publicLocksPerAddress: number;
  /** Key for code digests; when unset, one is generated once and kept in DATA_DIR/auth-secret. */
  authSecret: string | undefined;
  /** The AUTH_SECRET before a rotation: the links it signed into e-mails still open their bookings. */
  authSecretPrevious: string | undefined;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  mailFrom: string;
  /** Wall-clock time of UNIT_TIMEZONE at which reminders go out ('HH:MM'), on the day `threshold` days before. */
  reminderSendTime: string;
  /** Text messages and voice calls: written to DATA_DIR/outbox (default) or sent through Twilio. */
  messaging:
    | { adapter: 'outbox' }
    | { adapter: 'twilio'; accountSid: string; authToken: string; fromNumber: string; apiUrl: string };
  /** Address of the web app as users reach it (links in e-mails); default http://localhost:PORT. */
  publicUrl: string | undefined;
  /** GET /api/ready answers 503 while a projector is further than this behind the head of the log. */
  readyMaxLagSeconds: number;
  /** Connections of each of a process's two pools (queries, and the event store's appends and reads). */
  databasePoolSize: number;
  /** Bearer token of GET /metrics; without it, /metrics answers only direct requests from this machine (loopback). */
  metricsToken: string | undefined;
  /** On stop, how long requests in flight may take to finish before their connections are cut. */
  shutdownDrainMs: number;
  logLevel: string;
  production: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = environmentSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data;
  assertTimezone(values.UNIT_TIMEZONE);
  return {
    port: values.PORT,
    apiRequestsPerMinute: values.API_REQUESTS_PER_MINUTE,
    webConcurrency: values.WEB_CONCURRENCY ?? defaultWebConcurrency(),
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    embeddedPgPort: values.EMBEDDED_PG_PORT,
    eventStoreUrl: values.EVENTSTORE_URL,
    smtpUrl: values.SMTP_URL,
    outboxRetentionDays: values.OUTBOX_RETENTION_DAYS,
    unitTimezone: values.UNIT_TIMEZONE,
    seedAdminEmail: values.SEED_ADMIN_EMAIL,
    seedAdminPassword: values.SEED_ADMIN_PASSWORD,
    twoFactor: values.TWO_FACTOR,
    botCheck: values.BOT_CHECK === 'on',
    accessLog: values.ACCESS_LOG === 'on',
    publicLocksPerSession: values.PUBLIC_LOCKS_PER_SESSION,
    publicLocksPerAddress: values.PUBLIC_LOCKS_PER_ADDRESS,
    authSecret: values.AUTH_SECRET,
    authSecretPrevious: values.AUTH_SECRET_PREVIOUS,
    sessionIdleMs: values.AUTH_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: values.AUTH_ABSOLUTE_HOURS * 3_600_000,
    mailFrom: values.MAIL_FROM,
    reminderSendTime: values.REMINDER_SEND_TIME,
    messaging: messagingOf(values),
    publicUrl: values.PUBLIC_URL?.replace(/\/$/, ''),
    readyMaxLagSeconds: values.READY_MAX_LAG_SECONDS,
    databasePoolSize: values.DATABASE_POOL_SIZE,
    metricsToken: values.METRICS_TOKEN,
    shutdownDrainMs: values.SHUTDOWN_DRAIN_SECONDS * 1000,
    logLevel: values.LOG_LEVEL,
    production: values.NODE_ENV === 'production',
  };
}

function messagingOf(values: z.infer<typeof environmentSchema>): Config['messaging'] {
  if (values.MESSAGING === 'outbox') return { adapter: 'outbox' };
  const missing = (['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM_NUMBER'] as const).filter(
    (name) => !values[name],
  );
  if (missing.length > 0)
    throw new Error(
      `Invalid configuration:\n  ${missing.map((name) => `${name}: required with MESSAGING=twilio`).join('\n  ')}`,
    );
  return {
    adapter: 'twilio',
    accountSid: values.TWILIO_ACCOUNT_SID!,
    authToken: values.TWILIO_AUTH_TOKEN!,
    fromNumber: values.TWILIO_FROM_NUMBER!,
    apiUrl: values.TWILIO_API_URL.replace(/\/$/, ''),
  };
}

function assertTimezone(timeZone: string): void {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone });
  } catch {
    throw new Error(`Invalid configuration:\n  UNIT_TIMEZONE: unknown time zone "${timeZone}"`);
  }
}
