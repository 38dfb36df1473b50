import { createHash } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  canonicalEntry,
  canonicalJson,
  chainOf,
  checkLink,
  entryHash,
  GENESIS_HASH,
  type AccessEntry,
} from '../../../domain/access-log/chain';

const test = suite('domain: access log chain');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const entry = (changes: Partial<AccessEntry> = {}): AccessEntry => ({
  at: '2026-11-24T14:00:00.000Z',
  userId: 7,
  roles: ['ROLE_USER'],
  clientAddress: '203.0.113.7',
  requestId: 'req-1',
  action: 'dayView',
  records: [
    { kind: 'appointment', id: 12 },
    { kind: 'appointment', id: 13 },
  ],
  details: { calendarId: 3, date: '2026-11-25' },
  ...changes,
});

test('the canonical text does not depend on the order keys were written in, and leaves undefined out', () => {
  assert.is(
    canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } }),
    '{"a":{"c":null,"d":[1,{"x":1,"y":2}]},"b":1}',
  );
  assert.is(canonicalJson({ a: undefined, b: 'é' }), '{"b":"é"}');
  const reordered = { ...entry(), details: { date: '2026-11-25', calendarId: 3 } };
  assert.is(canonicalEntry(reordered), canonicalEntry(entry()));
});

test('each hash covers the previous hash and every field of its entry', () => {
  const base = entryHash(sha256, GENESIS_HASH, entry());
  assert.is(base, sha256(`${GENESIS_HASH}\n${canonicalEntry(entry())}`));
  for (const changed of [
    entry({ userId: 8 }),
    entry({ at: '2026-11-24T14:00:00.001Z' }),
    entry({ roles: ['ROLE_ADMIN'] }),
    entry({ clientAddress: '203.0.113.8' }),
    entry({ requestId: null }),
    entry({ action: 'search' }),
    entry({ records: [{ kind: 'appointment', id: 12 }] }),
    entry({ details: { calendarId: 4, date: '2026-11-25' } }),
  ])
    assert.is.not(entryHash(sha256, GENESIS_HASH, changed), base);
  assert.is.not(entryHash(sha256, 'f'.repeat(64), entry()), base);
});

test('a batch chains from the hash before it; a check finds an altered entry and a broken link', () => {
  const entries = [entry(), entry({ action: 'search' }), entry({ userId: 9 })];
  const links = chainOf(sha256, GENESIS_HASH, entries);
  assert.is(links[0]!.prevHash, GENESIS_HASH);
  assert.is(links[1]!.prevHash, links[0]!.hash);
  assert.is(links[2]!.prevHash, links[1]!.hash);
  const continued = chainOf(sha256, GENESIS_HASH, entries.slice(0, 2));
  assert.equal(chainOf(sha256, continued[1]!.hash, entries.slice(2)), links.slice(2), 'two batches, one chain');

  let previous = GENESIS_HASH;
  entries.forEach((stored, index) => {
    assert.is(checkLink(sha256, previous, { ...links[index]!, entry: stored }), null);
    previous = links[index]!.hash;
  });
  assert.is(checkLink(sha256, GENESIS_HASH, { ...links[0]!, entry: entry({ records: [] }) }), 'ENTRY_ALTERED');
  // The second entry removed: the third no longer follows the first.
  assert.is(checkLink(sha256, links[0]!.hash, { ...links[2]!, entry: entries[2]! }), 'LINK_BROKEN');
});

test.run();
