import { bookingWindow } from '../../domain/services/service';
import { DomainError } from '../../domain/shared/decider';
import { timeOfDayIn, todayIn } from '../../domain/shared/plain-date';
import type { WaitlistTarget } from '../../domain/waitlist/waitlist';
import type { CalendarRecord } from '../../projections/calendars/queries';
import { offeredCalendar } from '../../projections/public-booking/queries';
import type { ServiceRecord } from '../../projections/services/queries';
import { fullDates, fullSessions } from '../../projections/waitlist/targets';
import type { AppDependencies } from '../dependencies';
import { HttpError } from '../middleware/errors';

/** The public service and its enabled calendar, or 404 as the booking wizard's calls answer. */
export async function offeredOr404(dependencies: AppDependencies, serviceId: number, calendarId: number) {
  const found = await offeredCalendar(dependencies.knex, serviceId, calendarId);
  if (!found) throw new HttpError(404, 'CALENDAR_NOT_FOUND', 'This service does not offer this calendar.');
  return found;
}

function clock(dependencies: AppDependencies) {
  const now = dependencies.now();
  const timeZone = dependencies.config.unitTimezone;
  return { now: now.toISOString(), today: todayIn(timeZone, now), timeNow: timeOfDayIn(timeZone, now) };
}

interface Wanted {
  /** A clinic: the length wanted, in seconds. */
  duration: number;
  /** A course: the spots wanted. */
  spots: number;
  seriesId?: number;
  date?: string;
}

/**
 * What may be waited for through a service on one of its calendars, as the wizard sees it now: a course's open
 * series without the spots wanted, a clinic's dates of the booking window without a free time of the length wanted.
 * `seriesId` or `date` narrows the answer to that target.
 */
export async function fullTargets(
  dependencies: AppDependencies,
  { service, calendar }: { service: ServiceRecord; calendar: CalendarRecord },
  wanted: Wanted,
) {
  const { now, today, timeNow } = clock(dependencies);
  if (calendar.groupSession) {
    if (wanted.date !== undefined) return { sessions: [], dates: [] };
    const sessions = await fullSessions(dependencies.knex, calendar.id, {
      today,
      now,
      spots: wanted.spots,
      seriesId: wanted.seriesId,
    });
    return { sessions, dates: [] };
  }
  if (wanted.seriesId !== undefined) return { sessions: [], dates: [] };
  const window = bookingWindow(service, today);
  const { date } = wanted;
  if (date !== undefined && (date < window.firstDate || date > window.lastDate)) return { sessions: [], dates: [] };
  const range = date === undefined ? window : { firstDate: date, lastDate: date };
  const dates = await fullDates(dependencies.knex, calendar.id, {
    ...range,
    today,
    timeNow,
    now,
    duration: wanted.duration,
  });
  return { sessions: [], dates };
}

/**
 * The target a visitor asks to wait for, once it is known to be full: WAITLIST_NOT_NEEDED when places are free, when
 * it is not open to the public (closed, out of the booking window, disabled) or when it does not exist.
 */
export async function fullTarget(
  dependencies: AppDependencies,
  offered: { service: ServiceRecord; calendar: CalendarRecord },
  wanted: Wanted,
): Promise<WaitlistTarget> {
  const { sessions, dates } = await fullTargets(dependencies, offered, wanted);
  const calendarId = offered.calendar.id;
  if (wanted.seriesId !== undefined && sessions.length > 0)
    return { kind: 'series', calendarId, seriesId: wanted.seriesId };
  if (wanted.date !== undefined && dates.length > 0) return { kind: 'date', calendarId, date: wanted.date };
  throw new DomainError('WAITLIST_NOT_NEEDED', 'There are places free, or nothing to wait for, here: book instead.');
}
