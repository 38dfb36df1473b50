/**
 * Lock then book, as the public wizard does, by `clients` connections at once, each on its own free slot (slots dealt
 * round-robin over the 50 load dates, so that clients meet on streams as a rush would). One client's cycle: POST
 * /api/public/locks, then POST /api/public/appointments with its token. Given several app URLs (instances), the
 * connections are dealt round-robin over them, each connection's lock and booking going to the same instance.
 */
import type { AutocannonRequest } from 'autocannon';
import { percentile } from '../report';
import { runLoad, type LoadOptions } from './load';
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

/**
 * `clients` connections, each starting its next cycle as soon as its last is answered (at most `maxCycles` in all, else
 * for `seconds`); or `perSecond` cycles a second offered for `seconds`, whatever the answers' speed (`offeredLoad`).
 */
export async function measureLockBook(
  appUrl: string | readonly string[],
  serviceId: number,
  pool: SlotPool,
  load: { seconds: number } & ({ clients: number; maxCycles?: number } | { perSecond: number }),
): Promise<LockBookFigures> {
  const maxCycles = ('maxCycles' in load && load.maxCycles) || Infinity;
  const cycles: number[] = [];
  const confirmationCodes: string[] = [];
  let started = 0;
  let firstStartedAt: number | undefined;
  let lastBookedAt = 0;
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
      firstStartedAt ??= context.startedAt as number;
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
        lastBookedAt = performance.now();
        cycles.push(lastBookedAt - (context.startedAt as number));
        confirmationCodes.push((JSON.parse(body) as { confirmationCode: string }).confirmationCode);
      } else failedBookings++;
      context.startedAt = undefined;
      context.token = undefined;
    },
  };
  const url = typeof appUrl === 'string' ? appUrl : [...appUrl];
  const result =
    'clients' in load
      ? // A bounded count of cycles stops by requests (2 a cycle when none is refused), otherwise by time.
        {
          ...(await runLoad({
            url,
            connections: load.clients,
            ...(Number.isFinite(maxCycles) ? { amount: 2 * maxCycles } : { duration: load.seconds }),
            requests: [lock, book],
          })),
          connections: load.clients,
        }
      : await offeredLoad({ url, duration: load.seconds, requests: [lock, book] }, load.perSecond);
  return {
    clients: result.connections,
    bookings: cycles.length,
    // A bounded count of cycles: from the first lock sent to the last booking answered (autocannon's duration is
    // counted in whole seconds of its own ticks).
    bookingsPerSecond:
      Number.isFinite(maxCycles) && firstStartedAt !== undefined && lastBookedAt > firstStartedAt
        ? (cycles.length * 1000) / (lastBookedAt - firstStartedAt)
        : cycles.length / result.seconds,
    cycleP50Ms: percentile(cycles, 50),
    cycleP99Ms: percentile(cycles, 99),
    failedLocks,
    failedBookings,
    errors: result.raw.errors + result.raw.timeouts,
    poolRanOut,
    confirmationCodes,
  };
}

const OFFERED_GROUPS = 20;

/**
 * `perSecond` cycles a second, spread over the second. autocannon's rate limit lets a connection send its quota for a
 * second (here one cycle: two requests) at the start of its own second, and the connections of one autocannon start
 * their seconds together; so the cycles go out from 20 autocannons started 50 ms apart, each with perSecond / 20
 * connections. A connection whose cycle takes longer than a second falls behind: the rate is offered, not promised.
 */
async function offeredLoad(
  options: LoadOptions,
  perSecond: number,
): Promise<{ seconds: number; connections: number; raw: { errors: number; timeouts: number } }> {
  const connections = Math.max(1, Math.round(perSecond / OFFERED_GROUPS));
  const groups = await Promise.all(
    Array.from({ length: OFFERED_GROUPS }, async (_, group) => {
      await new Promise((resolve) => setTimeout(resolve, (group * 1000) / OFFERED_GROUPS));
      return runLoad({ ...options, connections, connectionRate: 2 });
    }),
  );
  return {
    seconds: groups.reduce((sum, group) => sum + group.seconds, 0) / groups.length,
    connections: connections * OFFERED_GROUPS,
    raw: {
      errors: groups.reduce((sum, group) => sum + group.raw.errors, 0),
      timeouts: groups.reduce((sum, group) => sum + group.raw.timeouts, 0),
    },
  };
}
