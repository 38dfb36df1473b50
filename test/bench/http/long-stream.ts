/**
 * Lock+book latency on a date whose stream already holds 400 events (200 locks, each released) against an empty date,
 * one client at a time, so that only the stream's length differs.
 */
import type { AutocannonRequest } from 'autocannon';
import { runLoad } from './load';
import { measureLockBook, slotPool, type LockBookFigures } from './lock-book';
import type { Slot } from './setup';

/**
 * Appends `events` events to a date's stream through the public API: lock a slot, release it, again. A slot goes back
 * to the free ones once its release is answered, so that no lock meets another client's (a slot dealt in turn to
 * whoever asks next could still be held by the client before, and be refused).
 */
export async function fillStream(appUrl: string, serviceId: number, slots: Slot[], events: number): Promise<void> {
  const clients = 4;
  if (slots.length < clients) throw new Error(`filling the stream needs ${clients} slots`);
  const free = [...slots];
  const refused: string[] = [];
  const lock: AutocannonRequest = {
    method: 'POST',
    path: '/api/public/locks',
    headers: { 'content-type': 'application/json' },
    setupRequest(request, context) {
      const slot = free.shift()!;
      context.slot = slot;
      return {
        ...request,
        body: JSON.stringify({
          calendarDateLaneId: slot.calendarDateLaneId,
          startTime: slot.startTime,
          endTime: slot.endTime,
          serviceId,
        }),
      };
    },
    onResponse(status, body, context) {
      context.token = status === 201 ? (JSON.parse(body) as { token: string }).token : undefined;
      if (status === 201) return;
      refused.push(`lock ${status} ${body}`);
      free.push(context.slot as Slot);
    },
  };
  const release: AutocannonRequest = {
    method: 'DELETE',
    setupRequest(request, context) {
      if (typeof context.token !== 'string') return null;
      return { ...request, path: `/api/public/locks/${context.token}` };
    },
    onResponse(status, body, context) {
      if (status !== 200) refused.push(`release ${status} ${body}`);
      free.push(context.slot as Slot);
    },
  };
  await runLoad({ url: appUrl, connections: clients, amount: events, requests: [lock, release] });
  if (refused.length > 0)
    throw new Error(
      `filling the stream: ${refused.length} locks or releases refused: ${refused.slice(0, 5).join('; ')}`,
    );
}

export async function measureOneClient(
  appUrl: string,
  serviceId: number,
  slots: Slot[],
  cycles: number,
): Promise<LockBookFigures> {
  return measureLockBook(appUrl, serviceId, slotPool([slots]), { clients: 1, seconds: 0, maxCycles: cycles });
}
