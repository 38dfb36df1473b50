import path from 'node:path';
import { z } from 'zod';

const onOff = z.enum(['on', 'off']);

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z.string().url().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  EVENTSTORE_URL: z.string().min(1).optional(),
  SMTP_URL: z.string().min(1).optional(),
  UNIT_TIMEZONE: z.string().min(1).default('America/Toronto'),
  SEED_ADMIN_EMAIL: z.string().email().optional(),
  SEED_ADMIN_PASSWORD: z.string().min(1).optional(),
  TWO_FACTOR: z.enum(['email', 'off']).default('email'),
  BOT_CHECK: onOff.default('on'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('development'),
});

export interface Config {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  embeddedPgPort: number;
  eventStoreUrl: string | undefined;
  smtpUrl: string | undefined;
  unitTimezone: string;
  seedAdminEmail: string | undefined;
  seedAdminPassword: string | undefined;
  twoFactor: 'email' | 'off';
  botCheck: boolean;
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
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    embeddedPgPort: values.EMBEDDED_PG_PORT,
    eventStoreUrl: values.EVENTSTORE_URL,
    smtpUrl: values.SMTP_URL,
    unitTimezone: values.UNIT_TIMEZONE,
    seedAdminEmail: values.SEED_ADMIN_EMAIL,
    seedAdminPassword: values.SEED_ADMIN_PASSWORD,
    twoFactor: values.TWO_FACTOR,
    botCheck: values.BOT_CHECK === 'on',
    logLevel: values.LOG_LEVEL,
    production: values.NODE_ENV === 'production',
  };
}

function assertTimezone(timeZone: string): void {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone });
  } catch {
    throw new Error(`Invalid configuration:\n  UNIT_TIMEZONE: unknown time zone "${timeZone}"`);
  }
}
