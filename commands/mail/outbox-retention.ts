import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../infrastructure/logger';

const DAY_MS = 86_400_000;
export const OUTBOX_PRUNE_INTERVAL_MS = 3_600_000;

const isOutboxFile = (name: string): boolean => name.endsWith('.eml') || /^(sms|voice)-.+\.json$/.test(name);

/**
 * Removes the outbox's files (.eml mail; `sms-….json` and `voice-….json` text messages and calls, issue 19) last
 * written more than `days` days before `now`, and answers how many went. A missing folder (no mail written yet) is
 * an empty one; a file that vanishes meanwhile is not an error.
 */
export async function pruneOutbox(folder: string, days: number, now: Date): Promise<number> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  const cutoff = now.getTime() - days * DAY_MS;
  let removed = 0;
  for (const name of names) {
    if (!isOutboxFile(name)) continue;
    const file = path.join(folder, name);
    try {
      const info = await stat(file);
      if (!info.isFile() || info.mtimeMs >= cutoff) continue;
      await rm(file, { force: true });
      removed += 1;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return removed;
}

export interface OutboxRetention {
  stop(): void;
}

/**
 * Keeps the outbox to its last `days` days (mail holds clients' names, appointments and sign-in codes): prunes at
 * once, then every `intervalMs`, on a timer that never keeps the process alive. `days` 0 keeps every mail.
 */
export function startOutboxRetention({
  folder,
  days,
  logger,
  now = () => new Date(),
  intervalMs = OUTBOX_PRUNE_INTERVAL_MS,
}: {
  folder: string;
  days: number;
  logger: Logger;
  now?: () => Date;
  intervalMs?: number;
}): OutboxRetention & { pruned: Promise<void> } {
  if (days <= 0) return { pruned: Promise.resolve(), stop() {} };
  const prune = async () => {
    try {
      const removed = await pruneOutbox(folder, days, now());
      if (removed > 0) logger.info({ folder, removed, days }, 'old mail removed from the outbox');
    } catch (error) {
      logger.warn({ folder, err: error }, 'the outbox could not be pruned');
    }
  };
  const timer = setInterval(() => void prune(), intervalMs);
  timer.unref();
  return { pruned: prune(), stop: () => clearInterval(timer) };
}
