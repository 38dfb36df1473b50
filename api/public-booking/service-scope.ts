import { bookingWindow, type ServiceFields } from '../../domain/services/service';
import { DomainError } from '../../domain/shared/decider';
import { todayIn } from '../../domain/shared/plain-date';
import { findDateOfLane } from '../../projections/calendar-dates/queries';
import { findPublicService } from '../../projections/services/queries';
import type { AppDependencies } from '../dependencies';
import { HttpError } from '../middleware/errors';

/** The public service a lock or booking names, or 404. */
export async function publicServiceOr404(dependencies: AppDependencies, serviceId: number) {
  const service = await findPublicService(dependencies.knex, serviceId);
  if (!service) throw new HttpError(404, 'SERVICE_NOT_FOUND', 'This service does not exist or is not available.');
  return service;
}

/**
 * A lock or booking made through a service stays inside what the service offers: one of its calendars and, for a
 * clinic, a date of its booking window (the wizard only shows those, but the window moves at midnight and callers
 * may skip the wizard). A course's sessions close at their registration deadline instead. Outside, the slot is
 * unavailable, as a taken one is; an unknown lane is left for the lock or booking to answer.
 */
export async function requireInsideService(dependencies: AppDependencies, service: Pick<ServiceFields, 'calendarIds' | 'minDaysAhead' | 'maxDaysAhead'>, laneId: number | null) {
  const found = laneId === null ? undefined : await findDateOfLane(dependencies.knex, laneId);
  if (!found) return;
  const { firstDate, lastDate } = bookingWindow(service, todayIn(dependencies.config.unitTimezone, dependencies.now()));
  const outside = !service.calendarIds.includes(found.calendarId) || (found.seriesId === null && (found.date < firstDate || found.date > lastDate));
  if (outside) throw new DomainError('SLOT_UNAVAILABLE', 'The time slot is currently unavailable.');
}
