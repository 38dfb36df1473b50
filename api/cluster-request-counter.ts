import type { Worker } from 'node:cluster';
import { memoryRequestCounter, type RequestCounter } from './request-limit';

/**
 * The per-address request limit across API workers: the primary keeps the one count and each worker asks it over
 * the cluster's IPC channel (a local message, no database round trip), so the limit is not multiplied by the workers.
 */
interface HitRequest {
  kind: 'request-limit:hit';
  id: number;
  key: string;
}

interface HitAnswer {
  kind: 'request-limit:count';
  id: number;
  count: number;
  resetAt: number;
}

/** In the primary: answers every worker's hits from one counter. */
export function serveRequestCounts(worker: Worker, counter = sharedCounter): void {
  worker.on('message', (message: HitRequest) => {
    if (message?.kind !== 'request-limit:hit') return;
    const { count, resetAt } = counter.hitNow(message.key);
    if (worker.isConnected())
      worker.send({ kind: 'request-limit:count', id: message.id, count, resetAt } satisfies HitAnswer);
  });
}

const sharedCounter = memoryRequestCounter();

/** In a worker: the primary's counter. */
export function primaryRequestCounter(): RequestCounter {
  const waiting = new Map<number, (answer: HitAnswer) => void>();
  let next = 0;
  process.on('message', (message: HitAnswer) => {
    if (message?.kind !== 'request-limit:count') return;
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  });
  return {
    hit(key) {
      const id = next++;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        process.send!({ kind: 'request-limit:hit', id, key } satisfies HitRequest);
      });
    },
  };
}
