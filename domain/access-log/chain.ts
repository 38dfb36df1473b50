/**
 * The access log's hash chain (issue 18 item 4), without I/O: each entry's hash is the digest of the previous
 * entry's hash and the entry's canonical text, so changing, removing or reordering a stored entry breaks every hash
 * after it. The digest (SHA-256 in commands/access-log) is passed in, so this stays pure.
 */

/** A record whose personal health information a staff member was shown. */
export interface AccessedRecord {
  kind: 'appointment';
  id: number;
}

/** What the chain covers of one entry (its position is not covered: the chain itself gives the order). */
export interface AccessEntry {
  /** ISO 8601 UTC, to the millisecond. */
  at: string;
  userId: number;
  roles: readonly string[];
  clientAddress: string | null;
  requestId: string | null;
  /** What was done: 'appointment.read', 'dayView', 'search', 'report', 'export', ... */
  action: string;
  records: readonly AccessedRecord[];
  /** Parameters of the read (calendar, date, query, range ...), never the personal data shown. */
  details: Readonly<Record<string, unknown>>;
}

/** The previous hash of the first entry. */
export const GENESIS_HASH = '0'.repeat(64);

export type Digest = (text: string) => string;

/**
 * JSON with the keys of every object in code-point order and undefined members left out: the same value gives the
 * same text whatever order its keys were written in (PostgreSQL's jsonb gives them back in its own order).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value))
    return `[${value.map((item) => canonicalJson(item === undefined ? null : item)).join(',')}]`;
  const members = Object.keys(value)
    .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
  return `{${members.join(',')}}`;
}

/** The text an entry is hashed as: its fields, and only those, in a fixed order. */
export function canonicalEntry(entry: AccessEntry): string {
  const { at, userId, roles, clientAddress, requestId, action, records, details } = entry;
  return canonicalJson({ at, userId, roles, clientAddress, requestId, action, records, details });
}

export const entryHash = (digest: Digest, prevHash: string, entry: AccessEntry): string =>
  digest(`${prevHash}\n${canonicalEntry(entry)}`);

/** The previous hash and hash of each entry of a batch appended after `prevHash`. */
export function chainOf(
  digest: Digest,
  prevHash: string,
  entries: readonly AccessEntry[],
): { prevHash: string; hash: string }[] {
  let previous = prevHash;
  return entries.map((entry) => {
    const hash = entryHash(digest, previous, entry);
    const link = { prevHash: previous, hash };
    previous = hash;
    return link;
  });
}

export type ChainBreak = 'ENTRY_ALTERED' | 'LINK_BROKEN';

/**
 * Why a stored entry does not continue the chain after `expectedPrev`, or null when it does: LINK_BROKEN when its
 * previous hash is not the hash before it (an entry removed, inserted or reordered), ENTRY_ALTERED when its hash is
 * not that of its content.
 */
export function checkLink(
  digest: Digest,
  expectedPrev: string,
  stored: { prevHash: string; hash: string; entry: AccessEntry },
): ChainBreak | null {
  if (stored.prevHash !== expectedPrev) return 'LINK_BROKEN';
  if (entryHash(digest, stored.prevHash, stored.entry) !== stored.hash) return 'ENTRY_ALTERED';
  return null;
}
