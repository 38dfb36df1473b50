/**
 * Lock+book latency on a date whose stream already holds 400 events (200 locks, each released) against an empty date,
 * one client at a time, so that only the stream's length differs.
 */
import type { AutocannonRequest } from 'autocannon';
import { runLoad } from './load';
import { measureLockBook, slotPool, type LockBookFigures } from './lock-book';
import type { Slot } from './setup';

/** Appends `events` events to a date's stream through the public API: lock a slot, release it, again. */
export async function fillStream(appUrl: string, serviceId: number, slots: Slot[], events: number): Promise<void> {
  let sent = 0;
  let failed = 0;
  const lock: AutocannonRequest = {
    method: 'POST',
    path: '/api/public/locks',
    headers: { 'content-type': 'application/json' },
    setupRequest(request) {
      const slot = slots[sent++ % slots.length]!;
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
      if (status !== 201) failed++;
    },
  };
  const release: AutocannonRequest = {
    method: 'DELETE',
    setupRequest(request, context) {
      if (typeof context.token !== 'string') return null;
      return { ...request, path: `/api/public/locks/${context.token}` };
    },
    onResponse(status) {
      if (status !== 200) failed++;
    },
  };
  // Four clients on distinct slots (slots are dealt in turn), each locking and releasing.
  await runLoad({ url: appUrl, connections: 4, amount: events, requests: [lock, release] });
  if (failed > 0) throw new Error(`filling the stream: ${failed} locks or releases refused`);
}

export async function measureOneClient(
  appUrl: string,
  serviceId: number,
  slots: Slot[],
  cycles: number,
): Promise<LockBookFigures> {
  return measureLockBook(appUrl, serviceId, slotPool([slots]), { clients: 1, seconds: 0, maxCycles: cycles });
}
