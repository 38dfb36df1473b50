import { calendarDatesProjection } from '../../projections/calendar-dates/projection';
import { calendarsProjection } from '../../projections/calendars/projection';
import { readCheckpoints } from '../../projections/runner/checkpoints';
import { servicesProjection } from '../../projections/services/projection';
import { coalescedRead } from '../coalesced-read';
import type { AppDependencies } from '../dependencies';

/** The read models a public availability answer is made from. */
const SOURCES = [calendarDatesProjection.name, calendarsProjection.name, servicesProjection.name];

const checkpointReads = new WeakMap<AppDependencies, () => Promise<string>>();

/**
 * The version of public availability: where its read models stand, and the second (passed times of today and
 * lapsed locks change the answer with time alone). An answer is given again while it is unchanged, so it is at
 * most a second behind the clock and never behind a lock, release or booking the caller has been answered.
 */
export async function publicAvailabilityVersion(dependencies: AppDependencies): Promise<string> {
  let read = checkpointReads.get(dependencies);
  if (!read) {
    read = coalescedRead(async () => {
      const checkpoints = await readCheckpoints(dependencies.knex, SOURCES);
      return SOURCES.map((name) => checkpoints.get(name)?.prepare.toString() ?? '-').join(':');
    });
    checkpointReads.set(dependencies, read);
  }
  const positions = await read();
  return `${positions}@${Math.floor(dependencies.now().getTime() / 1000)}`;
}
