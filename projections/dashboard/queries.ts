import type { Knex } from 'knex';
import type { OfficeRegion } from '../../domain/locations/location';
import {
  dateColumns,
  datesWithSeries,
  toCalendarDateRecords,
  type CalendarDateRecord,
  type CalendarDateRow,
} from '../calendar-dates/queries';

export interface DashboardFilter {
  startDate: string;
  endDate: string;
  categoryId?: number | undefined;
  region?: OfficeRegion | undefined;
  /** Only dates of enabled calendars (what a Basic User sees, as on the calendars list). */
  enabledCalendarsOnly?: boolean;
}

export interface DashboardRecord extends Omit<CalendarDateRecord, 'lanes'> {
  calendarName: string;
  groupSession: boolean;
  categoryId: number | null;
  location: { id: number; name: string; nameFr: string; officeRegion: OfficeRegion; isVirtual: boolean } | null;
}

type DashboardRow = CalendarDateRow & {
  calendar_name: string;
  group_session: boolean;
  category_id: number | null;
  location_id: number | null;
  location_name: string | null;
  location_name_fr: string | null;
  office_region: OfficeRegion | null;
  is_virtual: boolean | null;
};

/** The Calendar Overview: the dates of the calendars shown on it, in a range, by date then calendar name. */
export async function listDashboardDates(knex: Knex, filter: DashboardFilter): Promise<DashboardRecord[]> {
  const query = datesWithSeries(knex)
    .join('calendars as c', 'c.id', 'd.calendar_id')
    .leftJoin('locations as l', 'l.id', 'c.location_id')
    .where('c.show_on_dashboard', true)
    .andWhere('d.date', '>=', filter.startDate)
    .andWhere('d.date', '<=', filter.endDate)
    .orderBy([{ column: 'd.date' }, { column: 'c.name' }, { column: 'c.id' }])
    .select<DashboardRow[]>(
      ...dateColumns,
      'c.name as calendar_name',
      'c.group_session',
      'c.category_id',
      'c.location_id',
      'l.name as location_name',
      'l.name_fr as location_name_fr',
      'l.office_region',
      'l.is_virtual',
    );
  if (filter.categoryId !== undefined) query.andWhere('c.category_id', filter.categoryId);
  if (filter.region !== undefined) query.andWhere('l.office_region', filter.region);
  if (filter.enabledCalendarsOnly) query.andWhere('c.enabled', true);
  const rows = await query;
  const records = await toCalendarDateRecords(knex, rows);
  return rows.map((row, index) => {
    const { lanes: _lanes, ...date } = records[index]!;
    return {
      ...date,
      calendarName: row.calendar_name,
      groupSession: row.group_session,
      categoryId: row.category_id,
      location:
        row.location_id !== null && row.location_name !== null
          ? {
              id: row.location_id,
              name: row.location_name,
              nameFr: row.location_name_fr ?? row.location_name,
              officeRegion: row.office_region!,
              isVirtual: row.is_virtual ?? false,
            }
          : null,
    };
  });
}
