import pg from 'pg';
import type { Logger } from '../infrastructure/logger';

/** Namespace and key of the advisory lock that makes one process the waitlist's offerer (any two numbers of our own). */
const LOCK_NAMESPACE = 20_06;
const LOCK_KEY = 1;

export interface Leadership {
  /** True while this process holds the lock (taken now if free); false when another process holds it. */
  lead(): Promise<boolean>;
  /** Ends the session, and with it the lock. */
  stop(): Promise<void>;
}

/**
 * A session-level advisory lock on a connection of its own, so that with several API processes only one makes offers:
 * the first to ask keeps it while its session lives; the others ask again at each round and take over when it dies.
 */
export function offerLeadership(databaseUrl: string, logger: Logger): Leadership {
  let client: pg.Client | undefined;
  let held = false;

  async function connect(): Promise<pg.Client> {
    const candidate = new pg.Client({ connectionString: databaseUrl, keepAlive: true });
    const lost = (error?: Error) => {
      if (client !== candidate) return;
      client = undefined;
      if (held) logger.warn({ err: error }, 'waitlist offer lock lost; taking it again');
      held = false;
    };
    candidate.on('error', lost);
    candidate.on('end', () => lost());
    try {
      await candidate.connect();
    } catch (error) {
      await candidate.end().catch(() => undefined);
      throw error;
    }
    client = candidate;
    return candidate;
  }

  return {
    async lead() {
      if (held && client) return true;
      const session = client ?? (await connect());
      const { rows } = await session.query<{ locked: boolean }>('select pg_try_advisory_lock($1, $2) as locked', [
        LOCK_NAMESPACE,
        LOCK_KEY,
      ]);
      held = rows[0]!.locked;
      return held;
    },
    async stop() {
      const session = client;
      client = undefined;
      held = false;
      await session?.end().catch(() => undefined);
    },
  };
}
