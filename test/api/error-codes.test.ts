import { readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { codeForStatus, httpStatusOf } from '../../api/error-codes';
import { ERROR_CODES } from '../../domain/shared/error-codes';

/**
 * Issue 15, item 4: every refusal code has its HTTP status and a message in English and in French, including the
 * codes the web shows with the generic message on purpose. A code missing any of them fails here, not in production.
 */
const test = suite('api: every error code has a status and a message in both languages');

const messagesIn = (language: 'en' | 'fr'): Record<string, unknown> =>
  (JSON.parse(readFileSync(`web/src/i18n/locales/${language}.json`, 'utf8')) as { errors: Record<string, unknown> })
    .errors;

test('the codes are listed once each', () => {
  assert.ok(ERROR_CODES.length > 50, `found the codes (${ERROR_CODES.length})`);
  assert.equal(
    ERROR_CODES.filter((code, index) => ERROR_CODES.indexOf(code) !== index),
    [],
  );
});

test('every code has an HTTP error status', () => {
  const lacking = ERROR_CODES.filter((code) => {
    const status: unknown = httpStatusOf(code);
    return typeof status !== 'number' || status < 400 || status > 599;
  });
  assert.equal(lacking, []);
});

for (const language of ['en', 'fr'] as const) {
  test(`every code has a message in ${language}`, () => {
    const messages = messagesIn(language);
    const lacking = ERROR_CODES.filter(
      (code) => typeof messages[code] !== 'string' || !(messages[code] as string).trim(),
    );
    assert.equal(lacking, []);
  });
}

test('a refusal without a code of its own gets a listed one from its status', () => {
  for (const status of [400, 401, 403, 404, 405, 409, 413, 415, 418, 429, 500, 502, 503]) {
    const code = codeForStatus(status);
    assert.ok(ERROR_CODES.includes(code), `${status} -> ${code}`);
  }
  assert.is(codeForStatus(429), 'RATE_LIMITED');
  assert.is(codeForStatus(418), 'VALIDATION_FAILED');
  assert.is(codeForStatus(502), 'INTERNAL_ERROR');
});

test.run();
