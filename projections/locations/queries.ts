import type { Knex } from 'knex';
import type { LocationFields } from '../../domain/locations/location';

export interface LocationRecord extends LocationFields {
  id: number;
  createdAt: string;
  updatedAt: string;
}

interface LocationRow {
  id: number;
  name: string;
  location: LocationFields;
  created_at: Date;
  updated_at: Date;
}

const toRecord = (row: LocationRow): LocationRecord => ({
  ...row.location,
  id: row.id,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/** Every location, ordered by name. */
export async function listLocations(knex: Knex): Promise<LocationRecord[]> {
  const rows = await knex<LocationRow>('locations').orderBy([{ column: 'name' }, { column: 'id' }]);
  return rows.map(toRecord);
}

export async function findLocation(knex: Knex, id: number): Promise<LocationRecord | undefined> {
  const row = await knex<LocationRow>('locations').where({ id }).first();
  return row && toRecord(row);
}

/** How many calendars name the location (from the calendars read model). */
export async function countCalendarsAtLocation(knex: Knex, locationId: number): Promise<number> {
  const row = await knex('calendars')
    .where({ location_id: locationId })
    .count<{ count: string }>({ count: '*' })
    .first();
  return Number(row?.count ?? 0);
}
