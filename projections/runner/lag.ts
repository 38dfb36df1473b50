import type { Knex } from 'knex';
import type { EventStore, LogPosition } from '../../domain/event-store/port';
import { readCheckpoints } from './checkpoints';

/** How far one read model is behind the log: 0 when it has applied every readable event. */
export interface ProjectorLag {
  name: string;
  /** Seconds since the oldest event it has not applied yet was recorded (0 when caught up). */
  lagSeconds: number;
}

/**
 * The lag of each named projector, from its checkpoint row (whichever process runs it) and the first event of the
 * log after that checkpoint. Projectors at one checkpoint share one read. A projector without a checkpoint row has
 * applied nothing: its lag runs from the first event of the log.
 */
export async function projectorLag(
  store: EventStore,
  knex: Knex,
  names: readonly string[],
  now: Date = new Date(),
): Promise<ProjectorLag[]> {
  const checkpoints = await readCheckpoints(knex, [...names]);
  const oldestUnapplied = new Map<string, Promise<Date | null>>();
  const lags = names.map(async (name) => {
    const checkpoint = checkpoints.get(name) ?? null;
    const key = positionKey(checkpoint);
    let next = oldestUnapplied.get(key);
    if (!next) {
      next = store.readAll(checkpoint, 1).then((events) => events[0]?.recordedAt ?? null);
      oldestUnapplied.set(key, next);
    }
    const recordedAt = await next;
    const seconds = recordedAt ? Math.max(0, (now.getTime() - recordedAt.getTime()) / 1000) : 0;
    return { name, lagSeconds: Math.round(seconds * 1000) / 1000 };
  });
  return Promise.all(lags);
}

function positionKey(position: LogPosition | null): string {
  return position ? `${position.commit}/${position.prepare}` : 'start';
}
