import type { AppendResult } from '../commands/event-store/port';
import { calendarDatesProjection } from '../projections/calendar-dates/projection';
import { groupSessionSeriesProjection } from '../projections/group-session-series/projection';
import type { AppDependencies } from './dependencies';

/**
 * Read-your-writes: a command endpoint calls this before answering, so that the screen reloading after a save
 * shows the save. It waits for the read models the caller reads next (default: all of them). The wait is bounded;
 * past it the answer still goes out (the change is stored either way) and the delay is logged.
 */
export async function awaitReadModels(dependencies: AppDependencies, append: AppendResult | null, readModels?: readonly string[]): Promise<void> {
  if (!append) return;
  const reached = await dependencies.waitForProjections(append.position, readModels);
  if (!reached) dependencies.logger.warn({ position: append.position.prepare.toString(), readModels }, 'read models are behind a command');
}

/**
 * What the booking wizard reads after a public lock, release or booking: the free times (calendar dates) and the
 * open sessions (series). Staff screens, search and mail follow on their own.
 */
export const PUBLIC_AVAILABILITY_READ_MODELS = [calendarDatesProjection.name, groupSessionSeriesProjection.name] as const;
