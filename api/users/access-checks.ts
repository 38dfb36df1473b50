import type { Knex } from 'knex';
import { DomainError } from '../../domain/shared/decider';
import { listCalendars } from '../../projections/calendars/queries';
import { listCategories } from '../../projections/categories/queries';
import { listLocations } from '../../projections/locations/queries';

/** Every calendar, category and location named in a user's access must exist (400 UNKNOWN_*, naming the field). */
export async function assertAccessExists(
  knex: Knex,
  access: { calendarIds: number[]; categoryIds: number[]; locationIds: number[] },
): Promise<void> {
  if (access.calendarIds.length > 0) {
    const known = (await listCalendars(knex, { ids: access.calendarIds })).map((calendar) => calendar.id);
    assertKnown(access.calendarIds, known, 'UNKNOWN_CALENDAR', 'calendar', 'calendarIds');
  }
  if (access.categoryIds.length > 0) {
    const known = (await listCategories(knex)).map((category) => category.id);
    assertKnown(access.categoryIds, known, 'UNKNOWN_CATEGORY', 'category', 'categoryIds');
  }
  if (access.locationIds.length > 0) {
    const known = (await listLocations(knex)).map((location) => location.id);
    assertKnown(access.locationIds, known, 'UNKNOWN_LOCATION', 'location', 'locationIds');
  }
}

function assertKnown(
  ids: readonly number[],
  known: readonly number[],
  code: 'UNKNOWN_CALENDAR' | 'UNKNOWN_CATEGORY' | 'UNKNOWN_LOCATION',
  what: string,
  field: string,
): void {
  const unknown = ids.find((id) => !known.includes(id));
  if (unknown !== undefined) throw new DomainError(code, `There is no ${what} ${unknown}.`, { field });
}
