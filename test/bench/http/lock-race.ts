/** 500 lock attempts at once on 20 free slots: exactly 20 must win, the other 480 get 409; how long until all answered. */
import type { AutocannonRequest } from 'autocannon';
import { runLoad } from './load';
import type { Slot } from './setup';

export interface LockRaceFigures {
  attempts: number;
  winners: number;
  refused: number;
  other: Record<string, number>;
  /** Wall time from the first request sent to the last answer. */
  allAnsweredMs: number;
  p50Ms: number;
  p99Ms: number;
  /** Winners per slot above 1 (each is a double lock). */
  doubles: number;
}

export async function measureLockRace(
  appUrl: string,
  serviceId: number,
  slots: Slot[],
  attempts = 500,
): Promise<LockRaceFigures> {
  let sent = 0;
  let firstSentAt = 0;
  let lastAnsweredAt = 0;
  const winsBySlot = new Map<number, number>();
  const request: AutocannonRequest = {
    method: 'POST',
    path: '/api/public/locks',
    headers: { 'content-type': 'application/json' },
    setupRequest(request, context) {
      if (sent === 0) firstSentAt = performance.now();
      const index = sent++ % slots.length;
      const slot = slots[index]!;
      context.slot = index;
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
    onResponse(status, _body, context) {
      lastAnsweredAt = performance.now();
      if (status === 201) winsBySlot.set(context.slot as number, (winsBySlot.get(context.slot as number) ?? 0) + 1);
    },
  };
  const result = await runLoad({ url: appUrl, connections: attempts, amount: attempts, requests: [request] });
  // Not the time runLoad takes: autocannon resolves on its next one-second tick, ~0.4 s after the last answer here.
  const allAnsweredMs = lastAnsweredAt - firstSentAt;
  const { '201': winners = 0, '409': refused = 0, ...other } = result.statuses;
  if (result.raw.errors + result.raw.timeouts > 0) other.errors = result.raw.errors + result.raw.timeouts;
  const doubles = [...winsBySlot.values()].reduce((sum, wins) => sum + Math.max(0, wins - 1), 0);
  return { attempts, winners, refused, other, allAnsweredMs, p50Ms: result.p50Ms, p99Ms: result.p99Ms, doubles };
}
