import type { Knex } from 'knex';
import type { Logger } from './logger';
import type { LogPosition } from '../../domain/event-store/port';
import { listenWithReconnect, type Listening } from './listen-with-reconnect';

const CHANNEL = 'projection_checkpoints';

/** What one notification carries: each projection's checkpoint as `commit/prepare`. */
type Payload = Record<string, string>;

/**
 * Tells the other processes on the database where the projectors of this one stand after their batches, so that a
 * command waiting there for its read models (read-your-writes) answers as soon as they have applied its events,
 * rather than at its next look at the checkpoint rows. One notification is in flight at a time; checkpoints reached
 * meanwhile go out together in the next, so a rush costs a few notifications a round trip, not one a batch.
 */
export class CheckpointNotices {
  private unsent = new Map<string, LogPosition>();
  private sending = false;
  private listening: Listening | undefined;

  constructor(
    private readonly knex: Knex,
    private readonly databaseUrl: string,
    private readonly logger: Logger,
    /**
     * The read models a command may wait for (read-your-writes); the others' batches are not announced, since nobody
     * waits on them (the analytics and the mail queues moved on every batch of a rush: a notification each). All when
     * absent.
     */
    private readonly awaited?: ReadonlySet<string>,
  ) {}

  /**
   * Calls `onCheckpoint` for each checkpoint another process announces, and `onMissed` once after the notifications
   * were lost for a while (what was announced meanwhile is gone: read the rows).
   */
  async listen(onCheckpoint: (name: string, position: LogPosition) => void, onMissed: () => void): Promise<void> {
    this.listening = await listenWithReconnect({
      connectionString: this.databaseUrl,
      channel: CHANNEL,
      logger: this.logger,
      onNotify: (payload) => {
        if (payload === undefined) return onMissed();
        for (const [name, position] of parsePayload(payload)) onCheckpoint(name, position);
      },
    });
  }

  async stop(): Promise<void> {
    const listening = this.listening;
    this.listening = undefined;
    await listening?.stop();
  }

  /** Announces that this process moved `name`'s checkpoint to `position`. */
  announce(name: string, position: LogPosition): void {
    if (this.awaited && !this.awaited.has(name)) return;
    this.unsent.set(name, position);
    if (!this.sending) void this.send();
  }

  private async send(): Promise<void> {
    this.sending = true;
    try {
      while (this.unsent.size > 0) {
        const payload: Payload = {};
        for (const [name, position] of this.unsent) payload[name] = `${position.commit}/${position.prepare}`;
        this.unsent = new Map();
        await this.knex
          .raw('select pg_notify(?, ?)', [CHANNEL, JSON.stringify(payload)])
          .catch((error: unknown) =>
            this.logger.warn({ err: error }, 'cannot announce projection checkpoints now; others will read them'),
          );
      }
    } finally {
      this.sending = false;
    }
  }
}

/** The checkpoints of a notification; nothing from one this version cannot read. */
export function parsePayload(payload: string): [string, LogPosition][] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return [];
  }
  if (typeof parsed !== 'object' || parsed === null) return [];
  return Object.entries(parsed).flatMap(([name, text]) => {
    const match = typeof text === 'string' ? /^(\d+)\/(\d+)$/.exec(text) : null;
    return match ? [[name, { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) }] as [string, LogPosition]] : [];
  });
}
