import { EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import pg from 'pg';
import { comparePositions, type EventStore, type LogPosition, type RecordedEvent } from '../../domain/event-store/port';
import type { Logger } from 'pino';
import { applyBatch, oneStatementBatch } from './apply-batch';
import { advanceCheckpoints, CheckpointAdvances } from './checkpoint-advances';
import { ensureCheckpoint, readCheckpoints } from './checkpoints';
import { projectorLag, type ProjectorLag } from './lag';
import { writeInOneStatement } from './one-statement';
import { singleFlight } from '../../domain/shared/single-flight';
import type { Projection, ProjectionMemory } from './projection';

export interface RunnerOptions {
  store: EventStore;
  knex: Knex;
  /** Connection string for the session that holds the projectors' advisory locks. */
  databaseUrl: string;
  projections: Projection[];
  logger: Logger;
  batchSize?: number;
  /** Polling interval when no notification arrives (also how often a waiting instance retries the lock). */
  pollMs?: number;
  /**
   * How the processes on one database tell each other of their batches (commands/infrastructure/checkpoint-notices.ts):
   * a command waiting for read models run by another process then answers once they have applied its events, rather
   * than at its next look at the checkpoint rows. Without it, that look comes every few tens of milliseconds.
   */
  notices?: CheckpointNoticesPort;
  /**
   * How often a waiting command's read models run by another process are read again when nothing wakes it sooner
   * (default: 25 ms, or 200 ms once notices are heard).
   */
  watchTickMs?: number;
  /**
   * Projections no request waits for (the analytics, the mail and message queues): under a rush they apply a batch at
   * most every `unhurriedBatchMs` (default 250 ms) rather than on every append, so their transactions, checkpoints
   * and per-batch queries are paid a few times a second instead of tens. A first event after a quiet spell is applied
   * at once.
   */
  unhurried?: ReadonlySet<string>;
  unhurriedBatchMs?: number;
}

/** Announces this process's checkpoints to the others, and hears theirs. */
export interface CheckpointNoticesPort {
  listen(onCheckpoint: (name: string, position: LogPosition) => void, onMissed: () => void): Promise<void>;
  announce(name: string, position: LogPosition): void;
  stop(): Promise<void>;
}

/**
 * How often a waiting command's read models run by another process are looked at, when no batch of this process or
 * notice of another wakes it sooner: often without notices, rarely with them (a notice lost, an older instance).
 */
const WATCH_TICK_MS = 25;
const WATCH_TICK_WITH_NOTICES_MS = 200;

interface Waiter {
  position: LogPosition;
  names: readonly string[];
  settle(reached: boolean): void;
}

/**
 * How soon a projector looks again when committed events were held back behind a running transaction (the wake-up of
 * their commit came before they were readable, and no other may come): 5 ms, doubling while they stay held back (a
 * long transaction), up to the poll interval.
 */
const HELD_BACK_RETRY_MS = 5;

/** The least time between two batches of an unhurried projection (RunnerOptions.unhurried). */
const UNHURRIED_BATCH_MS = 250;

/** A batch's checkpoint was no longer where the batch started (another process moved it): the batch rolls back. */
class CheckpointMovedElsewhere extends Error {}

/** Hash namespace of the advisory locks that keep one active instance of each projector. */
const LOCK_NAMESPACE = 0x70726f6a; // "proj"

/**
 * Follows the global log into the read models. Each projector runs in exactly one process at a time (a session
 * advisory lock; a second process waits for it), reads after its checkpoint, and applies a batch and the new
 * checkpoint in one transaction. New events wake it through the store's notifications; polling covers a lost one.
 */
export class ProjectionRunner {
  private readonly progress = new EventEmitter();
  private readonly wakers = new Set<() => void>();
  /** Loops waiting for a projector's lock or pacing a batch: woken by a stop or a lost lock session, not by appends. */
  private readonly lockWakers = new Set<() => void>();
  /** Counts notifications, so that one arriving between an empty read and the sleep is not lost. */
  private wakeGeneration = 0;
  private lockClient: pg.Client | undefined;
  private unsubscribe: (() => Promise<void>) | undefined;
  private running = false;
  private readonly held = new Set<string>();
  private loops: Promise<void>[] = [];
  private readonly batchSize: number;
  private readonly pollMs: number;
  private readonly advances: CheckpointAdvances;

  constructor(private readonly options: RunnerOptions) {
    this.batchSize = options.batchSize ?? 500;
    this.advances = new CheckpointAdvances(options.knex);
    this.pollMs = options.pollMs ?? 1000;
    this.progress.setMaxListeners(0);
  }

  /** Projections this process currently runs (holds the lock of). */
  get active(): string[] {
    return [...this.held];
  }

  get names(): string[] {
    return this.options.projections.map((projection) => projection.name);
  }

  /** How far each projector is behind the log, whichever process runs it (readiness, metrics). */
  lag(now?: Date): Promise<ProjectorLag[]> {
    return projectorLag(this.options.store, this.options.knex, this.names, now);
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    for (const projection of this.options.projections) await ensureCheckpoint(this.options.knex, projection.name);
    await this.connectLockClient();
    this.unsubscribe = await this.options.store.onAppended(() => this.wakeAll());
    this.hearsNotices = this.options.notices !== undefined;
    await this.options.notices?.listen(
      (name, position) => {
        if (!this.held.has(name)) this.followCheckpoint(name, position);
      },
      () => {
        this.noticesMissed = true;
        this.progress.emit('batch');
      },
    );
    this.loops = this.options.projections.map((projection) => this.run(projection));
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.wakeAll();
    this.wakeLockWaiters();
    await Promise.allSettled(this.loops);
    await this.unsubscribe?.();
    this.hearsNotices = false;
    await this.options.notices?.stop();
    const lockClient = this.lockClient;
    this.lockClient = undefined;
    await lockClient?.end().catch(() => undefined);
    this.held.clear();
  }

  /** Applies everything readable now, for every projection, in this process (tests, seeding, start-up). */
  async catchUp(): Promise<void> {
    for (const projection of this.options.projections) {
      await ensureCheckpoint(this.options.knex, projection.name);
      while ((await this.processBatch(projection)) > 0);
    }
  }

  /**
   * Resolves true once the named projections (default: all) have applied the log up to `position` (read-your-writes
   * for a command that appended there), false after `timeoutMs`. Works whichever process runs the projectors: one
   * watch serves every waiter, taking positions from this process's own batches as they commit and reading the
   * checkpoints once per tick for projectors that run elsewhere.
   */
  waitFor(position: LogPosition, timeoutMs = 5000, names: readonly string[] = this.names): Promise<boolean> {
    if (this.hasReached(position, names)) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const waiter: Waiter = {
        position,
        names,
        settle: (reached) => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          // The last waiter gone: the watch ends now rather than at its next tick.
          if (this.waiters.size === 0) this.progress.emit('batch');
          resolve(reached);
        },
      };
      const timer = setTimeout(() => waiter.settle(false), timeoutMs);
      this.waiters.add(waiter);
      void this.watch();
    });
  }

  private readonly appliedListeners = new Set<(name: string, position: LogPosition) => void>();

  /** Calls `listener` after each batch this process commits (e.g. to tell processes that only follow). */
  onApplied(listener: (name: string, position: LogPosition) => void): () => void {
    this.appliedListeners.add(listener);
    return () => this.appliedListeners.delete(listener);
  }

  /**
   * A batch committed by another process (which told this one): waiters here need not wait for the next checkpoint
   * read. For a process that serves requests while another runs the projectors.
   */
  followCheckpoint(name: string, position: LogPosition): void {
    this.noteCheckpoint(name, position);
    this.settleReached();
    this.progress.emit('batch');
  }

  private readonly waiters = new Set<Waiter>();
  /** The latest checkpoint seen of each projection. */
  private readonly known = new Map<string, LogPosition>();
  private watching = false;
  /** Whether this process listens to the other processes' notices (once started, with notices). */
  private hearsNotices = false;
  /** Notices from other processes were lost for a while (a reconnection): the watch reads the rows at once. */
  private noticesMissed = false;

  private hasReached(position: LogPosition, names: readonly string[]): boolean {
    return names.every((name) => {
      const checkpoint = this.known.get(name);
      return checkpoint !== undefined && comparePositions(checkpoint, position) >= 0;
    });
  }

  private noteCheckpoint(name: string, position: LogPosition | null): void {
    const known = this.known.get(name);
    if (position && (!known || comparePositions(position, known) > 0)) this.known.set(name, position);
  }

  private settleReached(): void {
    for (const waiter of [...this.waiters]) if (this.hasReached(waiter.position, waiter.names)) waiter.settle(true);
  }

  private async watch(): Promise<void> {
    if (this.watching) return;
    this.watching = true;
    try {
      // The rows are read when the watch starts and on each tick; a batch here or a notice from elsewhere in between
      // brings its checkpoint with it.
      let readRows = true;
      while (this.waiters.size > 0) {
        // Projectors active here announce their batches; the rows are read only for those that run elsewhere.
        const elsewhere = this.names.filter(
          (name) => !this.held.has(name) && [...this.waiters].some((waiter) => waiter.names.includes(name)),
        );
        if (elsewhere.length > 0 && (readRows || this.noticesMissed)) {
          this.noticesMissed = false;
          try {
            for (const [name, position] of await readCheckpoints(this.options.knex, elsewhere))
              this.noteCheckpoint(name, position);
          } catch (error) {
            this.options.logger.warn({ err: error }, 'cannot read the projection checkpoints now');
          }
        }
        this.settleReached();
        if (this.waiters.size === 0) break;
        readRows = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(
            () => done(true),
            this.options.watchTickMs ?? (this.hearsNotices ? WATCH_TICK_WITH_NOTICES_MS : WATCH_TICK_MS),
          );
          const progress = this.progress;
          const onProgress = () => done(false);
          function done(ticked: boolean) {
            clearTimeout(timer);
            progress.off('batch', onProgress);
            resolve(ticked);
          }
          progress.once('batch', onProgress);
        });
      }
    } finally {
      this.watching = false;
    }
  }

  /**
   * Takes the projector's lock, then applies batches for as long as the session that holds the lock lives. When that
   * session is lost (a database restart), the lock went with it: take it again before applying more.
   */
  private async run(projection: Projection): Promise<void> {
    const log = this.options.logger.child({ projection: projection.name });
    while (this.running) {
      const session = await this.acquire(projection, log);
      if (session === null) return;
      this.held.add(projection.name);
      log.debug('projection active');
      while (this.running && session === this.lockSession) {
        const generation = this.wakeGeneration;
        const startedAt = performance.now();
        try {
          const handled = await this.processBatch(projection);
          const heldBack = this.heldBack.get(projection.name);
          if (handled === 0)
            await this.sleep(
              generation,
              heldBack ? Math.min(this.pollMs, HELD_BACK_RETRY_MS * 2 ** Math.min(heldBack - 1, 16)) : this.pollMs,
            );
          else {
            this.heldBack.delete(projection.name);
            if (this.options.unhurried?.has(projection.name)) {
              const pause = startedAt + (this.options.unhurriedBatchMs ?? UNHURRIED_BATCH_MS) - performance.now();
              if (pause > 0) await this.sleepUnwoken(pause);
            }
          }
        } catch (error) {
          log.error({ err: error }, 'projection batch failed; retrying');
          await this.sleep();
        }
      }
    }
  }

  /** Waits for the projector's lock; the lock session it was taken in, or null once the runner stops. */
  private async acquire(projection: Projection, log: Logger): Promise<number | null> {
    while (this.running) {
      try {
        const session = await this.tryLock(projection);
        if (session !== null) return session;
        await this.sleepUnwoken(this.pollMs); // another process holds it
      } catch (error) {
        log.warn({ err: error }, 'cannot take the projection lock now; retrying');
        // The database is away: try again on the poll, or as soon as the notifications are back (a restart).
        await this.sleep();
      }
    }
    return null;
  }

  /** Where each projection's checkpoint stood after this process's last batch of it (a hint; the row decides). */
  private readonly applied = new Map<string, LogPosition | null>();
  /** Reads of the log in flight, by cursor: projectors woken together at one checkpoint share one read. */
  private readonly reads = singleFlight();
  /** What each projection keeps between its batches here (Projection.applyAll). */
  private readonly memories = new Map<string, ProjectionMemory>();
  /** Projections whose last reads found nothing while committed events were still held back: how many reads in a row. */
  private readonly heldBack = new Map<string, number>();

  private readAfter(after: LogPosition | null): Promise<RecordedEvent[]> {
    return this.reads.run(`read ${positionKey(after)}`, () => this.options.store.readAll(after, this.batchSize));
  }

  /** After an empty read: notes whether the projection should look again soon rather than sleep until woken. */
  private async noteHeldBack(projection: Projection, after: LogPosition | null): Promise<void> {
    const check = this.options.store.hasUnreadableAfter?.bind(this.options.store);
    const unreadable = check ? await this.reads.run(`held back ${positionKey(after)}`, () => check(after)) : false;
    if (unreadable) this.heldBack.set(projection.name, (this.heldBack.get(projection.name) ?? 0) + 1);
    else this.heldBack.delete(projection.name);
  }

  /**
   * Applies the next batch with its checkpoint in one transaction (or one statement: `writtenInOneStatement`). The log
   * is read first, outside it, from where this process last left the projection (or from the checkpoint row, the first
   * time): when nothing new is there (most wake-ups under load), no transaction is opened, and when nothing there is of a type the projection reads, the
   * checkpoint just moves past it. The checkpoint moves by a compare-and-set at the end of the transaction, not under
   * a lock taken at its start: a transaction holds back every reader of the log from its first write to its commit
   * (DESIGN §4: events are read below the oldest running transaction), so it writes as late and as briefly as it can.
   * When the row has moved meanwhile (another process took the projection over), the batch rolls back.
   */
  private async processBatch(projection: Projection): Promise<number> {
    const { name } = projection;
    const hint = this.applied.get(name);
    const after = hint === undefined ? ((await readCheckpoints(this.options.knex, [name])).get(name) ?? null) : hint;
    const events = await this.readAfter(after);
    if (events.length === 0) {
      this.applied.set(name, after);
      this.noteCheckpoint(name, after);
      this.settleReached();
      await this.noteHeldBack(projection, after);
      return 0;
    }
    if (!events.some((recorded) => projection.eventTypes.includes(recorded.type)))
      return this.passOver(projection, after, events);
    const position = events[events.length - 1]!.position;
    if (await this.writtenInOneStatement(projection, after, position, events)) {
      this.applied.set(name, position);
      this.announce(name, position);
      return events.length;
    }
    const moved = await this.options.knex
      .transaction(async (trx) => {
        await applyBatch(trx, projection, events, { memory: this.memoryOf(name) });
        const advanced = await advanceCheckpoints(trx, [{ name, from: after, to: position, count: events.length }]);
        if (!advanced.has(name)) throw new CheckpointMovedElsewhere();
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof CheckpointMovedElsewhere) return false;
        throw error;
      });
    if (!moved) {
      this.applied.delete(name);
      this.memories.delete(name);
      return 1;
    }
    this.applied.set(name, position);
    this.announce(name, position);
    return events.length;
  }

  /**
   * A batch the projection can write in one statement with its checkpoint (a rush's, from what it remembers) goes
   * without a transaction: one round trip rather than four. False when it cannot, or when the statement found the
   * checkpoint or the remembered rows moved on (nothing written): the batch then takes the transaction.
   */
  private async writtenInOneStatement(
    projection: Projection,
    from: LogPosition | null,
    to: LogPosition,
    events: RecordedEvent[],
  ): Promise<boolean> {
    const batch = await oneStatementBatch(projection, events, this.memoryOf(projection.name));
    if (!batch) return false;
    return writeInOneStatement(this.options.knex, { name: projection.name, from, to, count: events.length }, batch);
  }

  private memoryOf(name: string): ProjectionMemory {
    let memory = this.memories.get(name);
    if (!memory) this.memories.set(name, (memory = new Map()));
    return memory;
  }

  /**
   * Moves the checkpoint past events the projection does not read, without a transaction. When the row is no longer
   * where this process left it, forgets its hint: the next batch reads the checkpoint row again.
   */
  private async passOver(projection: Projection, from: LogPosition | null, events: RecordedEvent[]): Promise<number> {
    const to = events[events.length - 1]!.position;
    const moved = await this.advances.advance({ name: projection.name, from, to, count: events.length });
    if (!moved) {
      this.applied.delete(projection.name);
      return 1;
    }
    this.applied.set(projection.name, to);
    this.announce(projection.name, to);
    return events.length;
  }

  /** Tells waiters and listeners that the projection's checkpoint stands at `position`. */
  private announce(name: string, position: LogPosition): void {
    this.noteCheckpoint(name, position);
    this.settleReached();
    this.progress.emit('batch');
    this.options.notices?.announce(name, position);
    for (const listener of this.appliedListeners) {
      try {
        listener(name, position);
      } catch (error) {
        this.options.logger.warn({ err: error }, 'a listener of applied batches failed');
      }
    }
  }

  /** One query at a time on the lock connection: every projector's loop asks through it. */
  private lockQueue: Promise<unknown> = Promise.resolve();
  /** Counts lock sessions: the advisory locks of one session all end with it. */
  private lockSession = 0;

  /** The session that holds the advisory locks; when it is lost, every loop is woken to take its lock again. */
  private async connectLockClient(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.databaseUrl });
    const lost = (error?: Error) => {
      if (this.lockClient !== client) return;
      this.lockClient = undefined;
      this.lockSession++;
      this.held.clear();
      this.options.logger.warn({ err: error }, 'projection lock connection lost; taking the locks again');
      this.wakeAll();
      this.wakeLockWaiters();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.lockClient = client;
  }

  /** The lock session in which the lock was taken, or null when another process holds it. */
  private tryLock(projection: Projection): Promise<number | null> {
    const attempt = this.lockQueue.then(async () => {
      if (!this.lockClient) await this.connectLockClient();
      const session = this.lockSession;
      const result = await this.lockClient!.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1, hashtext($2)) as locked',
        [LOCK_NAMESPACE, projection.name],
      );
      return result.rows[0]!.locked ? session : null;
    });
    this.lockQueue = attempt.catch(() => undefined);
    return attempt;
  }

  private sleep(generation = this.wakeGeneration, ms = this.pollMs): Promise<void> {
    return new Promise((resolve) => {
      if (generation !== this.wakeGeneration || !this.running) return resolve();
      const wake = () => {
        clearTimeout(timer);
        this.wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.wakers.add(wake);
    });
  }

  /**
   * Waits `ms` (before trying a lock again, or between an unhurried projection's batches); only a stop or a lost lock
   * session cuts it short, not appends: in a process whose projectors run elsewhere, every append of every instance
   * would otherwise send a lock attempt of each projector to the database.
   */
  private sleepUnwoken(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (!this.running) return resolve();
      const wake = () => {
        clearTimeout(timer);
        this.lockWakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.lockWakers.add(wake);
    });
  }

  private wakeLockWaiters(): void {
    for (const wake of [...this.lockWakers]) wake();
  }

  private wakeAll(): void {
    this.wakeGeneration++;
    for (const wake of [...this.wakers]) wake();
  }
}

function positionKey(position: LogPosition | null): string {
  return position ? `${position.commit}/${position.prepare}` : 'start';
}
