import { calendarDateStream } from '../../domain/calendar-dates/calendar-date';
import { calendarDateDecider } from '../../domain/calendar-dates/decider';
import { freeTimes } from '../../domain/calendar-dates/free-times';
import { toSeconds, toTimeOfDay } from '../../domain/calendars/time-of-day';
import { groupSessionSeriesDecider } from '../../domain/group-session-series/decider';
import { freeSpots, seriesStream } from '../../domain/group-session-series/series';
import { DomainError } from '../../domain/shared/decider';
import { addDays, instantOf } from '../../domain/shared/plain-date';
import type { WaitlistEntry, WaitlistTarget } from '../../domain/waitlist/waitlist';
import { lockSlot } from '../booking/lock';
import { clockFacts, dateOfLane, newLockToken, type SlotDependencies } from '../booking/slot-place';
import type { CommandContext } from '../handle-command';
import { loadState } from '../stream-state-cache';
import type { OfferService, WaitlistOfferLookups } from './offer-lookups';

export type OfferHoldDependencies = SlotDependencies & { lookups: WaitlistOfferLookups };

/** The place an offer's hold took on the capacity's stream. */
export interface HeldPlace {
  token: string;
  laneId: number;
  /** A date's slot; null for a course's spots. */
  startTime: string | null;
  endTime: string | null;
  expiresAt: string;
}

/** Free times of a date tried one after the other when the first was taken meanwhile. */
const TIMES_TRIED = 3;

/**
 * Holds a place for `entry` if there is room now, for the service's offer hours (no longer than the place can still
 * be booked): the spots of a course on its series' stream (HoldSpots), a free time of the length wanted on the
 * date's stream (LockSlot), each decided there, under a fresh lock token. Undefined when there is no room, when
 * the service does not offer the place (any more), or when the hold is refused (taken meanwhile).
 */
export async function holdPlaceFor(
  dependencies: OfferHoldDependencies,
  target: WaitlistTarget,
  entry: WaitlistEntry,
  service: OfferService,
  context: CommandContext,
): Promise<HeldPlace | undefined> {
  return target.kind === 'series'
    ? holdSpots(dependencies, target, entry, service, context)
    : holdTime(dependencies, target, entry, service, context);
}

const offerHoursEnd = (dependencies: SlotDependencies, service: OfferService): Date =>
  new Date(dependencies.now().getTime() + service.waitlistOfferHours * 3_600_000);

const earlier = (a: Date, b: Date): string => (a < b ? a : b).toISOString();

async function holdSpots(
  dependencies: OfferHoldDependencies,
  { calendarId, seriesId }: Extract<WaitlistTarget, { kind: 'series' }>,
  entry: WaitlistEntry,
  service: OfferService,
  context: CommandContext,
): Promise<HeldPlace | undefined> {
  const clock = clockFacts(dependencies);
  const { state } = await loadState(dependencies.store, groupSessionSeriesDecider, seriesStream(seriesId));
  if (state.status !== 'active' || clock.today > state.deadline) return undefined;
  if (freeSpots(state, clock.now) < entry.spots) return undefined;
  const laneId = await dependencies.lookups.sessionLane(calendarId, seriesId);
  const found = laneId === undefined ? undefined : await dateOfLane(dependencies, laneId, { service });
  if (laneId === undefined || !found) return undefined;
  // Registration closes at the end of the deadline day.
  const closes = instantOf(addDays(state.deadline, 1), '00:00:00', dependencies.timeZone);
  const plan = { found, token: newLockToken(laneId), expiresAt: earlier(offerHoursEnd(dependencies, service), closes) };
  const slot = { calendarDateLaneId: laneId, startTime: '', endTime: '', spots: entry.spots };
  if (!(await heldUnlessRefused(() => lockSlot(dependencies, plan, slot, context, { service })))) return undefined;
  return { token: plan.token, laneId, startTime: null, endTime: null, expiresAt: plan.expiresAt };
}

async function holdTime(
  dependencies: OfferHoldDependencies,
  target: Extract<WaitlistTarget, { kind: 'date' }>,
  entry: WaitlistEntry,
  service: OfferService,
  context: CommandContext,
): Promise<HeldPlace | undefined> {
  if (entry.duration === null) return undefined;
  const clock = clockFacts(dependencies);
  const { state } = await loadState(
    dependencies.store,
    calendarDateDecider,
    calendarDateStream(target.calendarId, target.date),
  );
  if (state.status !== 'active' || !state.enabled || state.seriesId !== null || target.date < clock.today)
    return undefined;
  const starts = (freeTimes(state.lanes, state, clock.now).byDuration[String(entry.duration)] ?? []).filter(
    ([time]) => target.date !== clock.today || time >= clock.time,
  );
  for (const [startTime, laneId] of starts.slice(0, TIMES_TRIED)) {
    const found = await dateOfLane(dependencies, laneId, { service });
    if (!found) return undefined; // the service does not offer this date (any more)
    const endTime = toTimeOfDay(toSeconds(startTime) + entry.duration);
    // The offer ends when the appointment would begin, if that comes first.
    const begins = instantOf(target.date, startTime, dependencies.timeZone);
    const plan = {
      found,
      token: newLockToken(laneId),
      expiresAt: earlier(offerHoursEnd(dependencies, service), begins),
    };
    const slot = { calendarDateLaneId: laneId, startTime, endTime };
    if (await heldUnlessRefused(() => lockSlot(dependencies, plan, slot, context, { service })))
      return { token: plan.token, laneId, startTime, endTime, expiresAt: plan.expiresAt };
  }
  return undefined;
}

/** True once held; false when the stream refuses (the place was taken meanwhile, registration closed, ...). */
async function heldUnlessRefused(hold: () => Promise<unknown>): Promise<boolean> {
  try {
    await hold();
    return true;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
}
