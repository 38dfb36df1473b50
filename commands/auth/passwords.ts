import { availableParallelism } from 'node:os';
import Piscina from 'piscina';
import { DomainError } from '../../domain/shared/decider';
import { workerModuleUrl } from '../infrastructure/worker-module';
import type { PasswordTask } from './password-worker';

/** bcrypt work factor of new hashes (about a third of a second here). Existing hashes keep the cost they were made with. */
export const BCRYPT_COST = 12;

/** One thread fewer than the cores, so that the event loop always keeps a core for answering requests. */
export const PASSWORD_THREADS = Math.max(1, availableParallelism() - 1);
/** Tasks that may wait for a thread: about 2.5 seconds of work per thread. Past that, callers are told to come back. */
export const MAX_WAITING_TASKS = 8 * PASSWORD_THREADS;
const BUSY_RETRY_AFTER_SECONDS = 2;

/** A bcrypt hash (cost 12) of a random password nobody knows: compared against when there is no hash to check. */
export const NO_ACCOUNT_HASH = '$2b$12$3XFcvNRWPdQEEeJHZXdNFuFuEAtG2XC4e9.c3BuB4VN4y8S9lwk.2';

export class PasswordHashingBusy extends DomainError {
  constructor() {
    super('SERVER_BUSY', 'The server is busy; please try again in a moment.', {
      retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS,
    });
  }
}

let pool: Piscina<PasswordTask, string | boolean> | undefined;

async function run(task: PasswordTask): Promise<string | boolean> {
  pool ??= new Piscina({
    filename: workerModuleUrl('password-worker', import.meta.url),
    // Threads start on demand and end after a minute unused: each holds its own heap (tens of MB), and a booking rush
    // of the public signs nobody in.
    minThreads: 0,
    maxThreads: PASSWORD_THREADS,
    idleTimeout: 60_000,
    maxQueue: MAX_WAITING_TASKS,
  });
  try {
    return await pool.run(task);
  } catch (error) {
    if (error instanceof Error && error.message === 'Task queue is at limit') throw new PasswordHashingBusy();
    throw error;
  }
}

/** A bcrypt hash of `password`, computed on a worker thread. */
export async function hashPassword(password: string): Promise<string> {
  return (await run({ kind: 'hash', password, cost: BCRYPT_COST })) as string;
}

/**
 * Whether `password` matches `hash`, checked on a worker thread. Without a hash (no account, no password yet) it
 * compares against a hash of nothing, so that the answer takes as long and is false.
 */
export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  const matches = (await run({ kind: 'verify', password, hash: hash ?? NO_ACCOUNT_HASH })) as boolean;
  return matches && hash !== null;
}

/** Ends the worker threads (when the server stops); the next hash or check starts them again. */
export async function closePasswordHashing(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.close();
}
