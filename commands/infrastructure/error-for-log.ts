import pino from 'pino';

/** What PostgreSQL's errors carry that may quote a record: the values of a key, the failing row, the input text. */
const QUOTING_FIELDS = [
  'detail',
  'where',
  'hint',
  'internalQuery',
  'internalPosition',
  'position',
  'parameters',
  'bindings',
  'query',
];
const SQLSTATE = /^[0-9A-Z]{5}$/;
const EMAIL = /[^\s@<>"'()]+@[^\s@<>"'()]+\.[A-Za-z]{2,}/g;

/** PostgreSQL quotes values in its messages (`invalid input syntax for type date: "…"`); its fields name the table and column. */
const withoutQuotedValues = (text: string) => text.replace(/"(?:[^"\\]|\\.)*"/g, '"…"');
const withoutAddresses = (text: string) => text.replace(EMAIL, '[e-mail]');

/**
 * An error as it may be logged: ids, codes and where it happened, never the personal data a message or a database
 * error may hold. Database errors keep their SQLSTATE, table, column and constraint, and lose their quoted values.
 */
export function errorForLog(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: withoutAddresses(String(error)) };
  const serialized: Record<string, unknown> = { ...pino.stdSerializers.err(error) };
  const fromDatabase =
    typeof serialized.code === 'string' && SQLSTATE.test(serialized.code) && 'severity' in serialized;
  const scrub = (text: string) => withoutAddresses(fromDatabase ? withoutQuotedValues(text) : text);
  for (const field of QUOTING_FIELDS) delete serialized[field];
  if (typeof serialized.message === 'string') serialized.message = scrub(serialized.message);
  if (typeof serialized.stack === 'string') serialized.stack = scrub(serialized.stack);
  if (error.cause !== undefined) serialized.cause = errorForLog(error.cause);
  return serialized;
}

/** Free text that may quote an address (an SMTP server's refusal names its recipient). */
export const textForLog = (text: string): string => withoutAddresses(text);
