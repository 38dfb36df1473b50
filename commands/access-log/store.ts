import type { Knex } from 'knex';
import { chainOf, GENESIS_HASH, type AccessEntry } from '../../domain/access-log/chain';
import { sha256 } from './digest';

/**
 * Key of the transaction-level advisory lock every appender takes: the processes of an instance (and of every
 * instance) append to one chain, one batch after another, each reading the hash the previous batch ended with.
 */
export const ACCESS_LOG_LOCK = '7018988421373325159'; // "access-l" as a bigint

export interface StoredAccessEntry {
  position: string;
  prevHash: string;
  hash: string;
  entry: AccessEntry;
}

interface AccessLogRow {
  position: string;
  at: Date;
  user_id: number;
  roles: string[];
  client_address: string | null;
  request_id: string | null;
  action: string;
  records: AccessEntry['records'];
  details: AccessEntry['details'];
  prev_hash: string;
  hash: string;
}

export const ACCESS_LOG_COLUMNS =
  'position, at, user_id, roles, client_address, request_id, action, records, details, prev_hash, hash';

export const storedEntryOf = (row: AccessLogRow): StoredAccessEntry => ({
  position: String(row.position),
  prevHash: row.prev_hash,
  hash: row.hash,
  entry: {
    at: new Date(row.at).toISOString(),
    userId: row.user_id,
    roles: row.roles,
    clientAddress: row.client_address,
    requestId: row.request_id,
    action: row.action,
    records: row.records,
    details: row.details,
  },
});

/** Appends entries at the end of the chain in one transaction (one insert statement). */
export async function appendAccessEntries(knex: Knex, entries: readonly AccessEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await knex.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?::bigint)', [ACCESS_LOG_LOCK]);
    const last = await trx('access_log').select('hash').orderBy('position', 'desc').first();
    const links = chainOf(sha256, (last?.hash as string | undefined) ?? GENESIS_HASH, entries);
    // One multi-row VALUES: identity values are taken in the order of the rows, so positions follow the chain.
    await trx('access_log').insert(
      entries.map((entry, index) => ({
        at: entry.at,
        user_id: entry.userId,
        roles: entry.roles,
        client_address: entry.clientAddress,
        request_id: entry.requestId,
        action: entry.action,
        records: JSON.stringify(entry.records),
        details: JSON.stringify(entry.details),
        prev_hash: links[index]!.prevHash,
        hash: links[index]!.hash,
      })),
    );
  });
}

/** Stored entries after `afterPosition` (exclusive), oldest first. */
export async function accessEntriesAfter(knex: Knex, afterPosition: string, limit: number) {
  const { rows } = await knex.raw<{ rows: AccessLogRow[] }>(
    `select ${ACCESS_LOG_COLUMNS} from access_log where position > ?::bigint order by position limit ?`,
    [afterPosition, limit],
  );
  return rows.map(storedEntryOf);
}
