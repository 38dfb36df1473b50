import { calendarDateStream } from '../../domain/calendar-dates/calendar-date';
import type { CalendarDateCommand } from '../../domain/calendar-dates/commands';
import { calendarDateDecider } from '../../domain/calendar-dates/decider';
import type { GroupSessionSeriesCommand } from '../../domain/group-session-series/commands';
import { groupSessionSeriesDecider } from '../../domain/group-session-series/decider';
import { seriesStream } from '../../domain/group-session-series/series';
import { handleCommand, refuseEarly, type CommandContext } from '../handle-command';
import type { LaneDate } from '../read-model-lookups';
import {
  clockFacts,
  dateOfLane,
  laneOfToken,
  newLockToken,
  onDate,
  unavailable,
  type SlotCaller,
  type SlotDependencies,
} from './slot-place';

export interface SlotRequest {
  calendarDateLaneId: number;
  startTime: string;
  endTime: string;
  /** Group sessions: the spots to hold (default 1). */
  spots?: number | undefined;
  /** Staff: hold this appointment for editing (§4.2 Edit) rather than a free slot. */
  appointmentId?: number | undefined;
}

/** Where a lock's lane is, and the token and lapse the lock will have: known before it is decided. */
export interface LockPlan {
  found: LaneDate;
  token: string;
  expiresAt: string;
}

/**
 * Finds the lane's date (SLOT_UNAVAILABLE when the caller may not lock there) and draws the lock's token. The caller
 * may be a lookup still under way (see dateOfLane).
 */
export async function planLock(
  dependencies: SlotDependencies,
  laneId: number,
  caller: SlotCaller | Promise<SlotCaller>,
): Promise<LockPlan> {
  const found = await dateOfLane(dependencies, laneId, caller);
  if (!found) throw unavailable();
  const expiresAt = new Date(dependencies.now().getTime() + found.lockTime * 1000).toISOString();
  return { found, token: newLockToken(laneId), expiresAt };
}

type LockDecision =
  | {
      kind: 'series';
      decider: typeof groupSessionSeriesDecider;
      streamId: string;
      command: GroupSessionSeriesCommand;
    }
  | { kind: 'date'; decider: typeof calendarDateDecider; streamId: string; command: CalendarDateCommand };

/**
 * The command a lock is: a lane of a group session holds spots of its series (the series' stream owns the spots),
 * any other lane locks the slot on its date's stream.
 */
function lockDecision(
  dependencies: SlotDependencies,
  { found, token, expiresAt }: LockPlan,
  slot: SlotRequest,
  caller: SlotCaller,
): LockDecision {
  const clock = clockFacts(dependencies);
  if (found.seriesId !== null) {
    return {
      kind: 'series',
      decider: groupSessionSeriesDecider,
      streamId: seriesStream(found.seriesId),
      command: {
        type: 'HoldSpots',
        data: {
          today: clock.today,
          now: clock.now,
          token,
          laneId: slot.calendarDateLaneId,
          spots: slot.spots ?? 1,
          expiresAt,
        },
      },
    };
  }
  const publicCaller = caller.publicCaller !== false;
  const earliestTime = publicCaller && found.date === clock.today ? clock.time : null;
  return {
    kind: 'date',
    decider: calendarDateDecider,
    streamId: calendarDateStream(found.calendarId, found.date),
    command: {
      type: 'LockSlot',
      data: {
        ...onDate(found.calendarId, found.date, clock),
        token,
        laneId: slot.calendarDateLaneId,
        startTime: slot.startTime,
        endTime: slot.endTime,
        expiresAt,
        earliestTime,
        ...(slot.appointmentId === undefined ? {} : { appointmentId: slot.appointmentId }),
      },
    },
  };
}

/**
 * Throws SLOT_UNAVAILABLE (or the lock's other refusal) when the slot is already taken as far as this process knows,
 * confirmed on the stream: the losers of a rush on a few slots are refused before they take a public lock's place.
 */
export async function refuseLockEarly(
  dependencies: SlotDependencies,
  plan: LockPlan,
  slot: SlotRequest,
  caller: SlotCaller,
): Promise<void> {
  const decision = lockDecision(dependencies, plan, slot, caller);
  // one call a branch: each has its own decider's types
  if (decision.kind === 'series')
    return refuseEarly(dependencies, decision.decider, decision.streamId, decision.command);
  return refuseEarly(dependencies, decision.decider, decision.streamId, decision.command);
}

/**
 * Holds a slot for the calendar's lock time; the token is what the booking presents. `takePlace` (a public lock's
 * place among its holder's) is taken in the stream's turn once the lock is decided, and the lock is appended once it
 * is taken: in a rush on a few slots, the losers queued behind the winner are refused on its lock without taking a
 * place and giving it back, and the next command's turn does not wait for the place. It is taken at most once, and
 * stays taken when the lock is then refused (the caller gives it back).
 */
export async function lockSlot(
  dependencies: SlotDependencies,
  plan: LockPlan,
  slot: SlotRequest,
  context: CommandContext,
  caller: SlotCaller,
  takePlace?: () => Promise<unknown>,
) {
  const decision = lockDecision(dependencies, plan, slot, caller);
  let taken: Promise<unknown> | undefined;
  const options = takePlace ? { beforeAppend: () => (taken ??= takePlace()) } : {};
  const outcome =
    decision.kind === 'series'
      ? await handleCommand(
          dependencies,
          decision.decider,
          decision.streamId,
          decision.command,
          context,
          undefined,
          options,
        )
      : await handleCommand(
          dependencies,
          decision.decider,
          decision.streamId,
          decision.command,
          context,
          undefined,
          options,
        );
  return { token: plan.token, expiresAt: plan.expiresAt, append: outcome.append };
}

/** Releases a lock; an unknown or used-up token is already released. */
export async function releaseLock(dependencies: SlotDependencies, token: string, context: CommandContext) {
  const found = await dateOfLane(dependencies, laneOfToken(token), { publicCaller: false });
  if (!found) return { append: null };
  const clock = clockFacts(dependencies);
  const outcome =
    found.seriesId !== null
      ? await handleCommand(
          dependencies,
          groupSessionSeriesDecider,
          seriesStream(found.seriesId),
          { type: 'ReleaseSpots', data: { today: clock.today, now: clock.now, token } },
          context,
        )
      : await handleCommand(
          dependencies,
          calendarDateDecider,
          calendarDateStream(found.calendarId, found.date),
          { type: 'ReleaseLock', data: { ...onDate(found.calendarId, found.date, clock), token } },
          context,
        );
  return { append: outcome.append };
}
