import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../../commands/infrastructure/logger';

/** The production logger (same serializers and redaction) writing into memory, for tests that read the log. */
export function capturingLogger(level = 'info'): { logger: Logger; text(): string } {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger(level, false, destination), text: () => lines.join('') };
}
