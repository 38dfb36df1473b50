import type { Knex } from 'knex';
import type { CalendarSettings } from '../../domain/calendars/calendar';
import type { OfficeRegion } from '../../domain/locations/location';

export interface CalendarLocation {
  id: number;
  name: string;
  nameFr: string;
  isVirtual: boolean;
  address: string;
  addressFr: string;
  city: string;
  postalCode: string;
  officeRegion: OfficeRegion;
}

export interface CalendarRecord extends CalendarSettings {
  id: number;
  location: CalendarLocation | null;
  category: { id: number; name: string } | null;
  createdAt: string;
  updatedAt: string;
}

interface CalendarRow {
  id: number;
  settings: CalendarSettings;
  created_at: Date;
  updated_at: Date;
  location: (Omit<CalendarLocation, 'id'> & Record<string, unknown>) | null;
  location_id: number | null;
  category_name: string | null;
  category_id: number | null;
}

const toRecord = (row: CalendarRow): CalendarRecord => ({
  ...row.settings,
  id: row.id,
  location:
    row.location && row.location_id !== null
      ? {
          id: row.location_id,
          name: row.location.name,
          nameFr: row.location.nameFr,
          isVirtual: row.location.isVirtual,
          address: row.location.address,
          addressFr: row.location.addressFr,
          city: row.location.city,
          postalCode: row.location.postalCode,
          officeRegion: row.location.officeRegion,
        }
      : null,
  category:
    row.category_name !== null && row.category_id !== null ? { id: row.category_id, name: row.category_name } : null,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

export interface CalendarFilter {
  enabledOnly?: boolean;
  excludeGroupSessions?: boolean;
  /** Only these calendars (a Basic User's); undefined for all. */
  ids?: number[];
}

/** Calendars with their location and category as they are now (renaming a location shows everywhere). */
const calendarsWithReferences = (knex: Knex) =>
  knex('calendars as c')
    .leftJoin('locations as l', 'l.id', 'c.location_id')
    .leftJoin('categories as g', 'g.id', 'c.category_id')
    .select<CalendarRow[]>(
      'c.id',
      'c.settings',
      'c.created_at',
      'c.updated_at',
      'l.location',
      'c.location_id',
      'g.name as category_name',
      'c.category_id',
    );

export async function listCalendars(knex: Knex, filter: CalendarFilter = {}): Promise<CalendarRecord[]> {
  const query = calendarsWithReferences(knex).orderBy([{ column: 'c.name' }, { column: 'c.id' }]);
  if (filter.enabledOnly) query.where('c.enabled', true);
  if (filter.excludeGroupSessions) query.where('c.group_session', false);
  if (filter.ids) query.whereIn('c.id', filter.ids);
  return (await query).map(toRecord);
}

export async function findCalendar(knex: Knex, id: number): Promise<CalendarRecord | undefined> {
  const row = await calendarsWithReferences(knex).where('c.id', id).first();
  return row && toRecord(row as CalendarRow);
}
