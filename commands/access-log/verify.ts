import type { Knex } from 'knex';
import { checkLink, GENESIS_HASH, type ChainBreak } from '../../domain/access-log/chain';
import { sha256 } from './digest';
import { accessEntriesAfter } from './store';

export interface ChainVerification {
  ok: boolean;
  /** Entries checked (by an incremental check: all entries up to where it stopped). */
  entries: number;
  /** The last entry found intact, where an incremental check may resume. */
  verifiedPosition: string;
  verifiedHash: string;
  firstBrokenPosition?: string;
  reason?: ChainBreak | 'ENTRY_MISSING';
}

/** Where an earlier check ended intact: the position, its hash, and how many entries it had checked. */
export interface VerifiedUpTo {
  position: string;
  hash: string;
  entries: number;
}

const START: VerifiedUpTo = { position: '0', hash: GENESIS_HASH, entries: 0 };

/**
 * Walks the chain from the start (or from where an earlier check ended intact) in pages of `pageSize` by position,
 * recomputing each hash, and stops at the first entry that does not continue it. Memory holds one page.
 */
export async function verifyAccessLog(
  knex: Knex,
  { from = START, pageSize = 5_000 }: { from?: VerifiedUpTo; pageSize?: number } = {},
): Promise<ChainVerification> {
  let { position, hash, entries } = from;
  if (position !== '0') {
    // The entry an incremental check resumes after must still be the one it ended on.
    const kept = await knex('access_log').select('hash').where('position', position).first();
    if (kept?.hash !== hash) {
      const reason = kept ? 'ENTRY_ALTERED' : 'ENTRY_MISSING';
      return {
        ok: false,
        entries,
        verifiedPosition: '0',
        verifiedHash: GENESIS_HASH,
        firstBrokenPosition: position,
        reason,
      };
    }
  }
  for (;;) {
    const page = await accessEntriesAfter(knex, position, pageSize);
    for (const stored of page) {
      const broken = checkLink(sha256, hash, stored);
      if (broken)
        return {
          ok: false,
          entries,
          verifiedPosition: position,
          verifiedHash: hash,
          firstBrokenPosition: stored.position,
          reason: broken,
        };
      position = stored.position;
      hash = stored.hash;
      entries += 1;
    }
    if (page.length < pageSize) return { ok: true, entries, verifiedPosition: position, verifiedHash: hash };
  }
}

/** `npm run audit:verify`: prints the outcome; 0 when the chain is intact, 1 with the first broken position. */
export async function auditVerify(knex: Knex, print: (line: string) => void = console.log): Promise<0 | 1> {
  const result = await verifyAccessLog(knex);
  if (result.ok) {
    print(`The access log is intact: ${result.entries} entries verified.`);
    return 0;
  }
  print(
    `The access log has been altered at entry ${result.firstBrokenPosition} (${result.reason}); ${result.entries} entries before it verified.`,
  );
  return 1;
}
