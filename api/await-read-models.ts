import type { AppendResult } from '../domain/event-store/port';
import { appointmentsProjection } from '../projections/appointments/projection';
import { calendarDatesProjection } from '../projections/calendar-dates/projection';
import { calendarsProjection } from '../projections/calendars/projection';
import { categoriesProjection } from '../projections/categories/projection';
import { groupSessionSeriesProjection } from '../projections/group-session-series/projection';
import { locationsProjection } from '../projections/locations/projection';
import { requestFormsProjection } from '../projections/request-forms/projection';
import { servicesProjection } from '../projections/services/projection';
import { templatesProjection } from '../projections/templates/projection';
import { usersProjection } from '../projections/users/projection';
import { waitlistProjection } from '../projections/waitlist/projection';
import type { AppDependencies } from './dependencies';

/**
 * What each screen reads again after a save (the web's RTK Query tags name the same read models). A command endpoint
 * waits for these only: a read model it does not show (the confirmation-mail queue, another screen's list) may lag
 * behind, during a booking rush, without holding the answer up.
 */
export const SCREEN_READ_MODELS = {
  /** The booking wizard after a public lock, release or booking: the free times and the open sessions. */
  publicAvailability: [calendarDatesProjection.name, groupSessionSeriesProjection.name],
  /**
   * A calendar's days: the day view's lanes, timeslots and appointments, the appointment form and its history,
   * appointment search, a series' registrations and the Calendar Overview's figures.
   */
  calendarDays: [calendarDatesProjection.name, appointmentsProjection.name, groupSessionSeriesProjection.name],
  /** A calendar's settings and the users given access to it. */
  calendars: [calendarsProjection.name, usersProjection.name],
  services: [servicesProjection.name],
  locations: [locationsProjection.name],
  categories: [categoriesProjection.name],
  templates: [templatesProjection.name],
  /** The request forms list and a request's view. */
  requestForms: [requestFormsProjection.name],
  /** The users list, a user's form, and the signed-in user's own record (`/me`). */
  users: [usersProjection.name],
  /** A series' or a day's waitlist, and the position a public join answers. */
  waitlist: [waitlistProjection.name],
} as const satisfies Record<string, readonly string[]>;

/**
 * Read-your-writes: a command endpoint calls this before answering, so that the screen reloading after a save
 * shows the save. It waits for the read models that screen reads next. The wait is bounded; past it the answer still
 * goes out (the change is stored either way) and the delay is logged.
 */
export async function awaitReadModels(
  dependencies: AppDependencies,
  append: AppendResult | null,
  readModels: readonly string[],
): Promise<void> {
  if (!append) return;
  const reached = await dependencies.waitForProjections(append.position, readModels);
  if (!reached)
    dependencies.logger.warn(
      { position: append.position.prepare.toString(), readModels },
      'read models are behind a command',
    );
}
