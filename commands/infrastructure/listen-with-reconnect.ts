import pg from 'pg';
import type { Logger } from './logger';

export interface ListenOptions {
  connectionString: string;
  /** A plain identifier (it is written into the LISTEN statement). */
  channel: string;
  /**
   * Called on each notification with its payload, and once without one after every reconnection (what was notified
   * meanwhile was missed).
   */
  onNotify: (payload?: string) => void;
  logger?: Logger;
  /** First delay before reconnecting; it doubles on each failure up to `maxDelayMs`. */
  minDelayMs?: number;
  maxDelayMs?: number;
}

export interface Listening {
  /** Ends the session and stops reconnecting. */
  stop(): Promise<void>;
}

/**
 * A LISTEN session that comes back by itself: when its connection errors or ends (a database restart, a dropped
 * connection), it reconnects with a growing delay, listens again, and calls `onNotify` once. Resolves after the
 * first attempt, whether it succeeded or not (a failed one is retried in the background).
 */
export async function listenWithReconnect(options: ListenOptions): Promise<Listening> {
  const { connectionString, channel, onNotify, logger, minDelayMs = 100, maxDelayMs = 5000 } = options;
  if (!/^[a-z_][a-z0-9_]*$/i.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
  let stopped = false;
  let client: pg.Client | undefined;
  let delay = minDelayMs;
  let retryTimer: NodeJS.Timeout | undefined;
  let lostOnce = false;
  let connecting: Promise<void> | undefined;

  async function connect(): Promise<void> {
    if (stopped) return;
    const candidate = new pg.Client({ connectionString, keepAlive: true });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (client === candidate) client = undefined;
      if (stopped) return;
      lostOnce = true;
      logger?.warn({ err: error, channel }, 'database notifications lost; reconnecting');
      scheduleReconnect();
    };
    candidate.on('error', onLost);
    candidate.on('end', () => onLost());
    candidate.on('notification', (message) => onNotify(message.payload ?? ''));
    try {
      await candidate.connect();
      await candidate.query(`listen ${channel}`);
    } catch (error) {
      onLost(error as Error);
      await candidate.end().catch(() => undefined);
      return;
    }
    if (stopped || lost) {
      await candidate.end().catch(() => undefined);
      return;
    }
    client = candidate;
    delay = minDelayMs;
    if (lostOnce) {
      logger?.info({ channel }, 'database notifications back');
      onNotify();
    }
  }

  function scheduleReconnect(): void {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connecting = connect();
    }, delay);
    delay = Math.min(delay * 2, maxDelayMs);
  }

  connecting = connect();
  await connecting;
  return {
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      await connecting;
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
