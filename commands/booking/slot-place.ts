import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { dateWindow } from '../../domain/calendar-dates/calendar-date';
import { serviceOffers, type ServiceScope } from '../../domain/services/service';
import { DomainError } from '../../domain/shared/decider';
import { timeOfDayIn, todayIn } from '../../domain/shared/plain-date';
import type { CommandDependencies } from '../handle-command';
import type { LaneDate, ReadModelLookups } from '../read-model-lookups';

export type SlotDependencies = CommandDependencies & {
  knex: Knex;
  timeZone: string;
  lookups: Pick<ReadModelLookups, 'dateOfLane'>;
};

/** A lock token names its lane (to find the date, or the series, that holds it) and 192 random bits. */
export const newLockToken = (laneId: number) => `${laneId}.${randomBytes(24).toString('base64url')}`;

export function laneOfToken(token: string): number | null {
  const match = /^(\d{1,10})\.[A-Za-z0-9_-]{32}$/.exec(token);
  return match ? Number(match[1]) : null;
}

export const unavailable = () => new DomainError('SLOT_UNAVAILABLE', 'The time slot is currently unavailable.');
export const lockNotFound = () => new DomainError('LOCK_NOT_FOUND', 'The lock has expired or does not exist.');

/**
 * Who holds or books a slot. Staff reach any calendar (the API checked their access); the public only through a
 * public service: there is no public lock or booking outside one.
 */
export type SlotCaller = { publicCaller: false; service?: undefined } | { publicCaller?: true; service: ServiceScope };

/**
 * Where the lane is now, for a public caller: only on an enabled calendar the service offers, in its booking window
 * (the wizard shows only those dates, but the booking window moves at midnight and callers may skip the wizard).
 * The caller may still be on its way (a public service being looked up): the lane is looked up meanwhile, and a
 * caller that fails (the service not found) fails the lookup.
 */
export async function dateOfLane(
  dependencies: SlotDependencies,
  laneId: number | null,
  caller: SlotCaller | Promise<SlotCaller>,
): Promise<LaneDate | undefined> {
  const [found, who] = await Promise.all([
    laneId === null ? undefined : dependencies.lookups.dateOfLane(laneId),
    caller,
  ]);
  if (!found || who.publicCaller === false) return found;
  if (!found.calendarEnabled) return undefined;
  if (
    !serviceOffers(
      who.service,
      { ...found, isSession: found.seriesId !== null },
      todayIn(dependencies.timeZone, dependencies.now()),
    )
  )
    return undefined;
  return found;
}

/** The clock's facts a decision needs: the instant, and the date and wall-clock time in the unit's time zone. */
export function clockFacts(dependencies: SlotDependencies) {
  const now = dependencies.now();
  return {
    now: now.toISOString(),
    today: todayIn(dependencies.timeZone, now),
    time: timeOfDayIn(dependencies.timeZone, now),
  };
}

export type ClockFacts = ReturnType<typeof clockFacts>;

export const onDate = (calendarId: number, date: string, clock: ClockFacts) => ({
  calendarId,
  date,
  window: dateWindow(clock.today),
  now: clock.now,
});
