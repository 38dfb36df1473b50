import { randomBytes, randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { CONFIRMATION_CODE_ALPHABET, CONFIRMATION_CODE_LENGTH, type AppointmentDetails } from '../../domain/appointments/appointment';
import type { ClaimedPlace } from '../../domain/appointments/claimed-place';
import { calendarDateStream, dateWindow, type CopySource } from '../../domain/calendar-dates/calendar-date';
import { calendarDateDecider } from '../../domain/calendar-dates/decider';
import { groupSessionSeriesDecider } from '../../domain/group-session-series/decider';
import { serviceOffers, type ServiceScope } from '../../domain/services/service';
import { seriesStream } from '../../domain/group-session-series/series';
import { DomainError } from '../../domain/shared/decider';
import { timeOfDayIn, todayIn } from '../../domain/shared/plain-date';
import { findDateOfLane } from '../../projections/calendar-dates/queries';
import { handleCommand, type CommandContext, type CommandDependencies } from '../handle-command';

export type SlotDependencies = CommandDependencies & { knex: Knex; timeZone: string };

/** A lock token names its lane (to find the date, or the series, that holds it) and 192 random bits. */
const newLockToken = (laneId: number) => `${laneId}.${randomBytes(24).toString('base64url')}`;

export function laneOfToken(token: string): number | null {
  const match = /^(\d{1,10})\.[A-Za-z0-9_-]{32}$/.exec(token);
  return match ? Number(match[1]) : null;
}

/** 10 characters from 31: about 49 bits, not guessable, and easy to read out on the phone. */
export const newConfirmationCode = (): string =>
  Array.from({ length: CONFIRMATION_CODE_LENGTH }, () => CONFIRMATION_CODE_ALPHABET[randomInt(CONFIRMATION_CODE_ALPHABET.length)]).join('');

/**
 * A confirmation code no booking has had before: drawn at random, then reserved (`confirmation_codes`), drawing
 * again in the rare case it was taken. A booking that is then refused leaves its code unused for good.
 */
export async function reserveConfirmationCode(knex: Knex, draw: () => string = newConfirmationCode): Promise<string> {
  for (let attempt = 1; attempt <= 5; attempt++) {
    const code = draw();
    const reserved = await knex.raw<{ rows: unknown[] }>('insert into confirmation_codes (code) values (?) on conflict do nothing returning code', [code]);
    if (reserved.rows.length === 1) return code;
  }
  throw new Error('Five confirmation codes drawn in a row were taken: the random source is broken');
}

/** The ids a booking is recorded under, drawn before it is decided. */
export interface BookingIds {
  appointmentId: number;
  confirmationCode: string;
}

/** The appointment's id (migration 20) and a reserved confirmation code, in one round trip (another only if the code was taken). */
export async function newBookingIds(knex: Knex, draw: () => string = newConfirmationCode): Promise<BookingIds> {
  const { rows } = await knex.raw<{ rows: { id: string; code: string | null }[] }>(
    `with code as (insert into confirmation_codes (code) values (?) on conflict do nothing returning code)
     select nextval('appointment_ids')::text as id, (select code from code) as code`,
    [draw()],
  );
  return { appointmentId: Number(rows[0]!.id), confirmationCode: rows[0]!.code ?? (await reserveConfirmationCode(knex, draw)) };
}

const unavailable = () => new DomainError('SLOT_UNAVAILABLE', 'The time slot is currently unavailable.');
const lockNotFound = () => new DomainError('LOCK_NOT_FOUND', 'The lock has expired or does not exist.');

/**
 * Who holds or books a slot. Staff reach any calendar (the API checked their access); the public only through a
 * public service: there is no public lock or booking outside one.
 */
export type SlotCaller = { publicCaller: false; service?: undefined } | { publicCaller?: true; service: ServiceScope };

/**
 * Where the lane is now, for a public caller: only on an enabled calendar the service offers, in its booking window
 * (the wizard shows only those dates, but the booking window moves at midnight and callers may skip the wizard).
 */
export async function dateOfLane(dependencies: SlotDependencies, laneId: number | null, caller: SlotCaller) {
  const found = laneId === null ? undefined : await findDateOfLane(dependencies.knex, laneId);
  if (!found || caller.publicCaller === false) return found;
  if (!found.calendarEnabled) return undefined;
  if (!serviceOffers(caller.service, { ...found, isSession: found.seriesId !== null }, todayIn(dependencies.timeZone, dependencies.now()))) return undefined;
  return found;
}

/** The clock's facts a decision needs: the instant, and the date and wall-clock time in the unit's time zone. */
function clockFacts(dependencies: SlotDependencies) {
  const now = dependencies.now();
  return { now: now.toISOString(), today: todayIn(dependencies.timeZone, now), time: timeOfDayIn(dependencies.timeZone, now) };
}

const onDate = (calendarId: number, date: string, clock: ReturnType<typeof clockFacts>) => ({ calendarId, date, window: dateWindow(clock.today), now: clock.now });

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
  found: NonNullable<Awaited<ReturnType<typeof dateOfLane>>>;
  token: string;
  expiresAt: string;
}

/** Finds the lane's date (SLOT_UNAVAILABLE when the caller may not lock there) and draws the lock's token. */
export async function planLock(dependencies: SlotDependencies, laneId: number, caller: SlotCaller): Promise<LockPlan> {
  const found = await dateOfLane(dependencies, laneId, caller);
  if (!found) throw unavailable();
  const expiresAt = new Date(dependencies.now().getTime() + found.lockTime * 1000).toISOString();
  return { found, token: newLockToken(laneId), expiresAt };
}

/**
 * Holds a slot for the calendar's lock time; the token is what the booking presents. A lane of a group session
 * holds spots of its series instead: the series' stream owns the spots.
 */
export async function lockSlot(
  dependencies: SlotDependencies,
  { found, token, expiresAt }: LockPlan,
  slot: SlotRequest,
  context: CommandContext,
  caller: SlotCaller,
) {
  const publicCaller = caller.publicCaller !== false;
  const clock = clockFacts(dependencies);
  if (found.seriesId !== null) {
    const outcome = await handleCommand(
      dependencies,
      groupSessionSeriesDecider,
      seriesStream(found.seriesId),
      { type: 'HoldSpots', data: { today: clock.today, now: clock.now, token, laneId: slot.calendarDateLaneId, spots: slot.spots ?? 1, expiresAt } },
      context,
    );
    return { token, expiresAt, append: outcome.append };
  }
  const earliestTime = publicCaller && found.date === clock.today ? clock.time : null;
  const outcome = await handleCommand(
    dependencies,
    calendarDateDecider,
    calendarDateStream(found.calendarId, found.date),
    {
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
    context,
  );
  return { token, expiresAt, append: outcome.append };
}

/** Releases a lock; an unknown or used-up token is already released. */
export async function releaseLock(dependencies: SlotDependencies, token: string, context: CommandContext) {
  const found = await dateOfLane(dependencies, laneOfToken(token), { publicCaller: false });
  if (!found) return { append: null };
  const clock = clockFacts(dependencies);
  const outcome =
    found.seriesId !== null
      ? await handleCommand(dependencies, groupSessionSeriesDecider, seriesStream(found.seriesId), { type: 'ReleaseSpots', data: { today: clock.today, now: clock.now, token } }, context)
      : await handleCommand(
          dependencies,
          calendarDateDecider,
          calendarDateStream(found.calendarId, found.date),
          { type: 'ReleaseLock', data: { ...onDate(found.calendarId, found.date, clock), token } },
          context,
        );
  return { append: outcome.append };
}

/**
 * Books the slot held by the lock token, or registers for the group session whose spots it holds: the stream that
 * owns the capacity decides, so a slot or the last spot is never sold twice. `claimed`: the lane, times and duration
 * the payload names; that stream refuses them (SLOT_UNAVAILABLE) when they are not what the lock holds.
 */
export async function bookAppointment(
  dependencies: SlotDependencies,
  lockToken: string,
  appointment: AppointmentDetails,
  context: CommandContext,
  /** `ids`: those reserved for a retried request (Idempotency-Key), else fresh ones are drawn. */
  { endTime, copiedFrom, ids, claimed, ...caller }: SlotCaller & { endTime?: string; copiedFrom?: CopySource; ids?: BookingIds | undefined; claimed?: ClaimedPlace },
) {
  const laneId = laneOfToken(lockToken);
  if (laneId === null) throw lockNotFound();
  const found = await dateOfLane(dependencies, laneId, caller);
  if (!found) throw unavailable();
  const { appointmentId, confirmationCode } = ids ?? (await newBookingIds(dependencies.knex));
  const clock = clockFacts(dependencies);
  const outcome =
    found.seriesId !== null
      ? await handleCommand(
          dependencies,
          groupSessionSeriesDecider,
          seriesStream(found.seriesId),
          { type: 'RegisterClient', data: { today: clock.today, now: clock.now, appointmentId, lockToken, confirmationCode, appointment, ...(claimed ? { claimed } : {}) } },
          context,
        )
      : await handleCommand(
          dependencies,
          calendarDateDecider,
          calendarDateStream(found.calendarId, found.date),
          {
            type: 'BookAppointment',
            data: {
              ...onDate(found.calendarId, found.date, clock),
              appointmentId,
              lockToken,
              confirmationCode,
              appointment,
              ...(endTime ? { endTime } : {}),
              ...(copiedFrom ? { copiedFrom } : {}),
              ...(claimed ? { claimed } : {}),
            },
          },
          context,
        );
  return { appointmentId, confirmationCode, calendarId: found.calendarId, date: found.date, append: outcome.append };
}
