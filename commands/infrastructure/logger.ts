import pino, { type DestinationStream, type Logger } from 'pino';
import { errorForLog } from './error-for-log';

export type { Logger };

/**
 * Structured logs. Never pass personal data (names, emails, phone numbers, codes) in log fields: ids only. Errors
 * (`err` or `error`) lose what may quote a record (errorForLog). `destination` is for tests that read the log.
 */
export function createLogger(level: string, pretty = process.stdout.isTTY, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: undefined,
    serializers: { err: errorForLog, error: errorForLog },
    redact: { paths: ['*.password', '*.token', '*.authorization', '*.email', '*.phone'], censor: '[redacted]' },
  };
  if (destination) return pino(options, destination);
  return pino({
    ...options,
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  });
}

export const silentLogger: Logger = pino({ level: 'silent' });
