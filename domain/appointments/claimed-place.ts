import { toSeconds } from '../calendars/time-of-day';

/**
 * Where a booking's payload says its lock is: the §3 Appointment's calendarDateLaneId, startTime, endTime and
 * duration (seconds). Each one given must be what the lock holds; none given, nothing is compared.
 */
export interface ClaimedPlace {
  laneId?: number | undefined;
  startTime?: string | undefined;
  endTime?: string | undefined;
  duration?: number | undefined;
}

/** Whether every field of the claim is the place's (the duration is its end minus its start). */
export function claimHolds(
  claim: ClaimedPlace | undefined,
  place: { laneId: number; startTime: string; endTime: string },
): boolean {
  if (!claim) return true;
  const differs = <T>(claimed: T | undefined, actual: T) => claimed !== undefined && claimed !== actual;
  return !(
    differs(claim.laneId, place.laneId) ||
    differs(claim.startTime, place.startTime) ||
    differs(claim.endTime, place.endTime) ||
    differs(claim.duration, toSeconds(place.endTime) - toSeconds(place.startTime))
  );
}
