import type { Knex } from 'knex';
import type { CalendarSettings } from '../../domain/calendars/calendar';

export interface CalendarRecord extends CalendarSettings {
  id: number;
  createdAt: string;
  updatedAt: string;
}

interface CalendarRow {
  id: number;
  name: string;
  enabled: boolean;
  group_session: boolean;
  settings: CalendarSettings;
  created_at: Date;
  updated_at: Date;
}

const toRecord = (row: CalendarRow): CalendarRecord => ({ ...row.settings, id: row.id, createdAt: row.created_at.toISOString(), updatedAt: row.updated_at.toISOString() });

export interface CalendarFilter {
  enabledOnly?: boolean;
  excludeGroupSessions?: boolean;
  /** Only these calendars (a Basic User's); undefined for all. */
  ids?: number[];
}

export async function listCalendars(knex: Knex, filter: CalendarFilter = {}): Promise<CalendarRecord[]> {
  const query = knex<CalendarRow>('calendars').orderBy([{ column: 'name' }, { column: 'id' }]);
  if (filter.enabledOnly) query.where({ enabled: true });
  if (filter.excludeGroupSessions) query.where({ group_session: false });
  if (filter.ids) query.whereIn('id', filter.ids);
  return (await query).map(toRecord);
}

export async function findCalendar(knex: Knex, id: number): Promise<CalendarRecord | undefined> {
  const row = await knex<CalendarRow>('calendars').where({ id }).first();
  return row && toRecord(row);
}
