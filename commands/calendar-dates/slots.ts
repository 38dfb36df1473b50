import { randomBytes, randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { CONFIRMATION_CODE_ALPHABET, CONFIRMATION_CODE_LENGTH, type AppointmentDetails } from '../../domain/appointments/appointment';
import { calendarDateStream, dateWindow } from '../../domain/calendar-dates/calendar-date';
import { calendarDateDecider } from '../../domain/calendar-dates/decider';
import { DomainError } from '../../domain/shared/decider';
import { todayIn } from '../../domain/shared/plain-date';
import { findDateOfLane } from '../../projections/calendar-dates/queries';
import { handleCommand, type CommandContext, type CommandDependencies } from '../handle-command';
import { nextId } from '../infrastructure/ids';

export type SlotDependencies = CommandDependencies & { knex: Knex; timeZone: string };

/** A lock token names its lane (to find the date that holds it) and 192 random bits. */
const newLockToken = (laneId: number) => `${laneId}.${randomBytes(24).toString('base64url')}`;

function laneOfToken(token: string): number | null {
  const match = /^(\d{1,10})\.[A-Za-z0-9_-]{32}$/.exec(token);
  return match ? Number(match[1]) : null;
}

/** 10 characters from 31: about 49 bits, not guessable, and easy to read out on the phone. */
export const newConfirmationCode = (): string =>
  Array.from({ length: CONFIRMATION_CODE_LENGTH }, () => CONFIRMATION_CODE_ALPHABET[randomInt(CONFIRMATION_CODE_ALPHABET.length)]).join('');

const unavailable = () => new DomainError('SLOT_UNAVAILABLE', 'The time slot is currently unavailable.');

/** Where the lane is now, for a public caller: only on an enabled calendar. */
async function dateOfLane(dependencies: SlotDependencies, laneId: number | null, publicCaller: boolean) {
  const found = laneId === null ? undefined : await findDateOfLane(dependencies.knex, laneId);
  if (!found || (publicCaller && !found.calendarEnabled)) throw unavailable();
  return found;
}

const target = (dependencies: SlotDependencies, calendarId: number, date: string) => {
  const now = dependencies.now();
  return { calendarId, date, window: dateWindow(todayIn(dependencies.timeZone, now)), now: now.toISOString() };
};

/** Holds a slot for the calendar's lock time; the token is what the booking presents. */
export async function lockSlot(
  dependencies: SlotDependencies,
  slot: { calendarDateLaneId: number; startTime: string; endTime: string },
  context: CommandContext,
  publicCaller = true,
) {
  const { calendarId, date, lockTime } = await dateOfLane(dependencies, slot.calendarDateLaneId, publicCaller);
  const token = newLockToken(slot.calendarDateLaneId);
  const on = target(dependencies, calendarId, date);
  const expiresAt = new Date(Date.parse(on.now) + lockTime * 1000).toISOString();
  const outcome = await handleCommand(
    dependencies,
    calendarDateDecider,
    calendarDateStream(calendarId, date),
    { type: 'LockSlot', data: { ...on, token, laneId: slot.calendarDateLaneId, startTime: slot.startTime, endTime: slot.endTime, expiresAt } },
    context,
  );
  return { token, expiresAt, append: outcome.append };
}

/** Releases a lock; an unknown or used-up token is already released. */
export async function releaseLock(dependencies: SlotDependencies, token: string, context: CommandContext) {
  const laneId = laneOfToken(token);
  const found = laneId === null ? undefined : await findDateOfLane(dependencies.knex, laneId);
  if (!found) return { append: null };
  const outcome = await handleCommand(
    dependencies,
    calendarDateDecider,
    calendarDateStream(found.calendarId, found.date),
    { type: 'ReleaseLock', data: { ...target(dependencies, found.calendarId, found.date), token } },
    context,
  );
  return { append: outcome.append };
}

/** Books the slot held by the lock token: the date's stream decides, so a slot is never sold twice. */
export async function bookAppointment(dependencies: SlotDependencies, lockToken: string, appointment: AppointmentDetails, context: CommandContext, publicCaller = true) {
  const laneId = laneOfToken(lockToken);
  if (laneId === null) throw new DomainError('LOCK_NOT_FOUND', 'The lock has expired or does not exist.');
  const { calendarId, date } = await dateOfLane(dependencies, laneId, publicCaller);
  const appointmentId = await nextId(dependencies.knex, 'appointment');
  const confirmationCode = newConfirmationCode();
  const outcome = await handleCommand(
    dependencies,
    calendarDateDecider,
    calendarDateStream(calendarId, date),
    { type: 'BookAppointment', data: { ...target(dependencies, calendarId, date), appointmentId, lockToken, confirmationCode, appointment } },
    context,
  );
  return { appointmentId, confirmationCode, append: outcome.append };
}
