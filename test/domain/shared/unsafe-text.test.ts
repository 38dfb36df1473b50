import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { findUnsafeText, unsafeTextReason } from '../../../domain/shared/unsafe-text';

const test = suite('domain: text no field may hold');

test('refuses control characters but keeps tabs and line breaks', () => {
  assert.is(unsafeTextReason('Ada\u0000'), 'control');
  assert.is(unsafeTextReason('bell\u0007'), 'control');
  assert.is(unsafeTextReason('C1\u0085'), 'control');
  assert.is(unsafeTextReason('line one\nline two\r\n\tindented'), null);
});

test('refuses unpaired surrogates but keeps characters outside the basic plane', () => {
  assert.is(unsafeTextReason('broken \uD800'), 'unpaired-surrogate');
  assert.is(unsafeTextReason('\uDC00 low'), 'unpaired-surrogate');
  assert.is(unsafeTextReason('Zoë 👶 𝒜'), null);
});

test('refuses bidirectional overrides and isolates', () => {
  assert.is(unsafeTextReason('invoice\u202Etxt.exe'), 'bidi-override');
  assert.is(unsafeTextReason('\u2067name\u2069'), 'bidi-override');
});

test('refuses a text of invisible characters only, not a name that holds one', () => {
  assert.is(unsafeTextReason('\u200B\u200B'), 'invisible-only');
  assert.is(unsafeTextReason(' \uFEFF '), 'invisible-only');
  assert.is(unsafeTextReason('Anne\u00ADMarie'), null, 'a soft hyphen inside a name');
  assert.is(unsafeTextReason('   '), null, 'blank text is for each field’s own rules');
  assert.is(unsafeTextReason('ناصر'), null);
});

test('finds every unsafe string and key, with its path', () => {
  const found = findUnsafeText({
    clientData: [{ firstName: 'Ada', lastName: 'L\u0000' }],
    notes: ['ok', '\u202E'],
    ['k\u0000']: 1,
    count: 3,
  });
  assert.equal(found, [
    { path: ['clientData', 0, 'lastName'], reason: 'control' },
    { path: ['notes', 1], reason: 'bidi-override' },
    { path: ['k\u0000'], reason: 'control' },
  ]);
});

test.run();
