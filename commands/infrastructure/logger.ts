import pino, { type Logger } from 'pino';

export type { Logger };

/** Structured logs. Never pass personal data (names, emails, phone numbers, codes) in log fields. */
export function createLogger(level: string, pretty = process.stdout.isTTY): Logger {
  return pino({
    level,
    base: undefined,
    redact: { paths: ['*.password', '*.token', '*.authorization', '*.email', '*.phone'], censor: '[redacted]' },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
  });
}

export const silentLogger: Logger = pino({ level: 'silent' });
