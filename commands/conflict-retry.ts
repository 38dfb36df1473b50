import { setTimeout as sleep } from 'node:timers/promises';
import { DomainError } from '../domain/shared/decider';

/**
 * How many decisions on a freshly read state a command gets before it gives up with CONCURRENCY_CONFLICT. Each refused
 * append means another writer's append went in, so the stream moves on; with several instances behind a load
 * balancer, a busy date's stream meets writers from each of them, and five tries were sometimes not enough in a rush.
 */
export const MAX_ATTEMPTS = 10;

/** A random pause growing with the attempt (to 0.2 s), so that writers that collided do not collide again in step. */
export function pauseBeforeRetry(attempt: number): Promise<void> {
  return sleep(Math.random() * Math.min(200, 5 * 2 ** attempt));
}

export const concurrencyConflict = () =>
  new DomainError('CONCURRENCY_CONFLICT', 'Someone else changed this at the same time; please try again.');
