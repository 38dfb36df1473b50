/**
 * Lock then book, as the public wizard does, by `clients` connections at once, each on its own free slot (slots dealt
 * round-robin over the 50 load dates, so that clients meet on streams as a rush would). One client's cycle: POST
 * /api/public/locks, then POST /api/public/appointments with its token. Given several app URLs (instances), the
 * connections are dealt round-robin over them, each connection's lock and booking going to the same instance.
 */
import type { AutocannonRequest } from 'autocannon';
import { percentile } from '../report';
import { runLoad } from './load';
import { bookingBody, type Slot } from './setup';

export interface SlotPool {
  next(): Slot | undefined;
  readonly left: number;
}

/** Hands out each slot once, one date after the other. */
export function slotPool(slotsByDate: Slot[][]): SlotPool {
  const slots: Slot[] = [];
  const longest = Math.max(...slotsByDate.map((slots) => slots.length));
  for (let index = 0; index < longest; index++)
    for (const date of slotsByDate) if (date[index]) slots.push(date[index]!);
  let next = 0;
  return {
    next: () => slots[next++],
    get left() {
      return Math.max(0, slots.length - next);
    },
  };
}

export interface LockBookFigures {
  clients: number;
  bookings: number;
  bookingsPerSecond: number;
  /** Lock and booking answered, one client's whole cycle. */
  cycleP50Ms: number | null;
  cycleP99Ms: number | null;
  failedLocks: number;
  failedBookings: number;
  errors: number;
  poolRanOut: boolean;
  confirmationCodes: string[];
}

export async function measureLockBook(
  appUrl: string | readonly string[],
  serviceId: number,
  pool: SlotPool,
  { clients, seconds, maxCycles = Infinity }: { clients: number; seconds: number; maxCycles?: number },
): Promise<LockBookFigures> {
  const cycles: number[] = [];
  const confirmationCodes: string[] = [];
  let started = 0;
  let failedLocks = 0;
  let failedBookings = 0;
  let poolRanOut = false;
  const json = { 'content-type': 'application/json' };
  const lock: AutocannonRequest = {
    method: 'POST',
    path: '/api/public/locks',
    headers: json,
    setupRequest(request, context) {
      const slot = started < maxCycles ? pool.next() : undefined;
      if (!slot) {
        poolRanOut ||= started < maxCycles;
        return { ...request, method: 'GET', path: '/api/health', body: undefined };
      }
      started++;
      context.startedAt = performance.now();
      context.token = undefined;
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
      if (context.startedAt === undefined) return;
      if (status === 201) context.token = (JSON.parse(body) as { token: string }).token;
      else failedLocks++;
    },
  };
  const book: AutocannonRequest = {
    method: 'POST',
    path: '/api/public/appointments',
    headers: json,
    setupRequest(request, context) {
      if (typeof context.token !== 'string') return null; // lock refused: start a new cycle
      return { ...request, body: JSON.stringify(bookingBody(context.token, serviceId, cycles.length)) };
    },
    onResponse(status, body, context) {
      if (status === 201) {
        cycles.push(performance.now() - (context.startedAt as number));
        confirmationCodes.push((JSON.parse(body) as { confirmationCode: string }).confirmationCode);
      } else failedBookings++;
      context.startedAt = undefined;
      context.token = undefined;
    },
  };
  // A bounded count of cycles stops by requests (2 a cycle when none is refused), otherwise by time.
  const bound = Number.isFinite(maxCycles) ? { amount: 2 * maxCycles } : { duration: seconds };
  const url = typeof appUrl === 'string' ? appUrl : [...appUrl];
  const result = await runLoad({ url, connections: clients, ...bound, requests: [lock, book] });
  return {
    clients,
    bookings: cycles.length,
    bookingsPerSecond: cycles.length / result.seconds,
    cycleP50Ms: percentile(cycles, 50),
    cycleP99Ms: percentile(cycles, 99),
    failedLocks,
    failedBookings,
    errors: result.raw.errors + result.raw.timeouts,
    poolRanOut,
    confirmationCodes,
  };
}
