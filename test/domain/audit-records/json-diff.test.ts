import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { jsonDiff, jsonEqual } from '../../../domain/audit-records/json-diff';

const test = suite('audit records: the difference between two versions');

test('equal values have no difference, whatever the order of their keys', () => {
  assert.equal(jsonDiff({ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 }), []);
  assert.ok(jsonEqual({ a: 1, b: undefined }, { a: 1 }), 'an undefined key is no key, as in JSON');
});

test('a changed leaf is named by its JSON pointer, with the value before and after', () => {
  const before = { appointment: { phone: '613-555-0100', clientData: [{ firstName: 'Ada', room: 'A1' }] } };
  const after = { appointment: { phone: '613-555-0199', clientData: [{ firstName: 'Ada', room: 'B12' }] } };
  assert.equal(jsonDiff(before, after), [
    { path: '/appointment/phone', op: 'changed', before: '613-555-0100', after: '613-555-0199' },
    { path: '/appointment/clientData/0/room', op: 'changed', before: 'A1', after: 'B12' },
  ]);
});

test('keys and array items that come or go are added or removed', () => {
  assert.equal(jsonDiff({ a: 1, list: [1, 2, 3] }, { list: [1, 5], b: { c: true } }), [
    { path: '/a', op: 'removed', before: 1, after: null },
    { path: '/list/1', op: 'changed', before: 2, after: 5 },
    { path: '/list/2', op: 'removed', before: 3, after: null },
    { path: '/b', op: 'added', before: null, after: { c: true } },
  ]);
  assert.equal(jsonDiff([], ['x']), [{ path: '/0', op: 'added', before: null, after: 'x' }]);
});

test('a value of another type is one change; null is a value', () => {
  assert.equal(jsonDiff({ a: [1] }, { a: { 0: 1 } }), [{ path: '/a', op: 'changed', before: [1], after: { 0: 1 } }]);
  assert.equal(jsonDiff({ a: null }, { a: 0 }), [{ path: '/a', op: 'changed', before: null, after: 0 }]);
  assert.equal(jsonDiff(null, { a: 1 }), [{ path: '', op: 'changed', before: null, after: { a: 1 } }]);
});

test('"~" and "/" in a key are escaped as RFC 6901 says', () => {
  assert.equal(jsonDiff({ 'a/b': 1, 'c~d': 1 }, { 'a/b': 2, 'c~d': 2 }), [
    { path: '/a~1b', op: 'changed', before: 1, after: 2 },
    { path: '/c~0d', op: 'changed', before: 1, after: 2 },
  ]);
});

test.run();
