import type { Knex } from 'knex';
import type { AppointmentDetails } from '../../domain/appointments/appointment';
import { changedFields } from '../../domain/appointments/changes';
import { calendarDateStream, dateWindow } from '../../domain/calendar-dates/calendar-date';
import type { AppointmentPlace } from '../../domain/calendar-dates/commands';
import { calendarDateDecider } from '../../domain/calendar-dates/decider';
import { groupSessionSeriesDecider } from '../../domain/group-session-series/decider';
import { seriesStream } from '../../domain/group-session-series/series';
import { DomainError } from '../../domain/shared/decider';
import { todayIn } from '../../domain/shared/plain-date';
import { appendDecisions, decideOn, loadStream, retryOnConflict } from '../decide-across-streams';
import { handleCommand, type CommandContext, type CommandDependencies } from '../handle-command';

export type AppointmentDependencies = CommandDependencies & { knex: Knex; timeZone: string };

const notFound = () => new DomainError('APPOINTMENT_NOT_FOUND', 'There is no such appointment.');

/** An appointment booked on a calendar date (not a course registration), as the caller looked it up. */
export interface BookedAppointment extends AppointmentDetails {
  id: number;
  calendarId: number;
  confirmationCode: string;
  date: string;
}

type FoundAppointment = AppointmentDetails & {
  id: number;
  calendarId: number;
  confirmationCode: string;
  date: string | null;
};

/** The appointment as booked on its date; a course registration (no date) is not one: APPOINTMENT_NOT_FOUND. */
export function bookedOnItsDate(found: FoundAppointment): BookedAppointment {
  if (found.date === null) throw notFound();
  return { ...found, date: found.date };
}

function onDate(dependencies: AppointmentDependencies, calendarId: number, date: string) {
  const now = dependencies.now();
  return { calendarId, date, window: dateWindow(todayIn(dependencies.timeZone, now)), now: now.toISOString() };
}

export interface AppointmentChange extends AppointmentPlace {
  version: number;
  date: string;
  lockToken: string | null;
  appointment: AppointmentDetails;
  /** Staff ask for a notice to the client when the change moves it (issue 19). */
  notifyClient?: boolean;
}

/**
 * Saves an edit: on the same date the date's stream decides it; to another date (a Move's Paste) the source date
 * lets it go and the target receives it in one append, so it is never lost nor on both dates.
 */
export async function changeAppointment(
  dependencies: AppointmentDependencies,
  current: BookedAppointment,
  change: AppointmentChange,
  context: CommandContext,
) {
  const { id, confirmationCode, calendarId } = current;
  const changes = changedFields(current, change.appointment);
  const place = { laneId: change.laneId, startTime: change.startTime, endTime: change.endTime };
  if (change.date === current.date) {
    const outcome = await handleCommand(
      dependencies,
      calendarDateDecider,
      calendarDateStream(calendarId, current.date),
      {
        type: 'ChangeAppointment',
        data: {
          ...onDate(dependencies, calendarId, current.date),
          ...place,
          appointmentId: id,
          version: change.version,
          appointment: change.appointment,
          changes,
          lockToken: change.lockToken,
          notifyClient: change.notifyClient,
        },
      },
      context,
    );
    return { append: outcome.append };
  }
  const append = await retryOnConflict(async () => {
    const source = await loadStream(
      dependencies.store,
      calendarDateDecider,
      calendarDateStream(calendarId, current.date),
    );
    const target = await loadStream(
      dependencies.store,
      calendarDateDecider,
      calendarDateStream(calendarId, change.date),
    );
    const away = decideOn(calendarDateDecider, source, {
      type: 'MoveAppointmentAway',
      data: {
        ...onDate(dependencies, calendarId, current.date),
        appointmentId: id,
        version: change.version,
        toDate: change.date,
      },
    });
    const here = decideOn(calendarDateDecider, target, {
      type: 'ReceiveAppointment',
      data: {
        ...onDate(dependencies, calendarId, change.date),
        ...place,
        appointmentId: id,
        version: change.version,
        confirmationCode,
        appointment: change.appointment,
        changes,
        lockToken: change.lockToken,
        fromDate: current.date,
        notifyClient: change.notifyClient,
      },
    });
    // The target first: a store that writes stream by stream then never loses the appointment.
    return appendDecisions(dependencies, [here, away], context);
  });
  return { append };
}

/**
 * Deletes an appointment (§4.2 Delete): its slot is free again; never on a past date. `notifyClient`: staff ask for a
 * cancellation notice to the client (issue 19).
 */
export async function cancelAppointment(
  dependencies: AppointmentDependencies,
  current: BookedAppointment,
  context: CommandContext,
  notifyClient = false,
) {
  const outcome = await handleCommand(
    dependencies,
    calendarDateDecider,
    calendarDateStream(current.calendarId, current.date),
    {
      type: 'CancelAppointment',
      data: { ...onDate(dependencies, current.calendarId, current.date), appointmentId: current.id, notifyClient },
    },
    context,
  );
  return { append: outcome.append };
}

/**
 * Takes a course registration back: its spots are free again at once. `notifyClient`: a cancellation notice goes to
 * the client (issue 20: the client cancelled online).
 */
export async function unregisterClient(
  dependencies: AppointmentDependencies,
  seriesId: number,
  appointmentId: number,
  context: CommandContext,
  notifyClient = false,
) {
  const outcome = await handleCommand(
    dependencies,
    groupSessionSeriesDecider,
    seriesStream(seriesId),
    { type: 'UnregisterClient', data: { appointmentId, now: dependencies.now().toISOString(), notifyClient } },
    context,
  );
  return { append: outcome.append };
}
