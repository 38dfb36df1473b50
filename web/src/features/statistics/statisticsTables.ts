import type { TFunction } from 'i18next';
import type { AdminTexts } from '../../i18n/adminTexts';
import type { LeadTimeBand, StatisticsResponse } from './types';

/**
 * Each chart's data as one table: the same columns and rows feed its table on screen and its CSV, so the download
 * is exactly what the chart shows. Column labels are in the current language; cells keep their raw values (counts,
 * rates 0..1, YYYY-MM-DD dates) and are formatted by whoever shows them.
 */
export type ColumnKind = 'date' | 'count' | 'percent' | 'text';
export interface Column {
  label: string;
  kind: ColumnKind;
}
export type Cell = string | number | null;
export interface StatisticsTable {
  columns: Column[];
  rows: Cell[][];
}

export const LEAD_TIME_BANDS: readonly LeadTimeBand[] = ['0', '1', '2-6', '7-13', '14-29', '30+'];

type ColumnKey = keyof AdminTexts['statistics']['columns'];

const column = (t: TFunction, key: ColumnKey, kind: ColumnKind): Column => ({
  label: t(`statistics.columns.${key}`),
  kind,
});

export function bookingsPerDayTable(t: TFunction, data: StatisticsResponse['bookingsPerDay']): StatisticsTable {
  return {
    columns: [
      column(t, 'date', 'date'),
      column(t, 'bookings', 'count'),
      column(t, 'moves', 'count'),
      column(t, 'cancellations', 'count'),
    ],
    rows: data.map((day) => [day.date, day.bookings, day.moves, day.cancellations]),
  };
}

export function bookingsPerWeekTable(t: TFunction, data: StatisticsResponse['bookingsPerWeek']): StatisticsTable {
  return {
    columns: [column(t, 'weekStart', 'date'), column(t, 'bookings', 'count')],
    rows: data.map((week) => [week.weekStart, week.bookings]),
  };
}

export function utilisationTable(t: TFunction, data: StatisticsResponse['utilisation']): StatisticsTable {
  return {
    columns: [
      column(t, 'date', 'date'),
      column(t, 'totalSlots', 'count'),
      column(t, 'bookedSlots', 'count'),
      column(t, 'utilisation', 'percent'),
    ],
    rows: data.map((day) => [day.date, day.totalSlots, day.bookedSlots, day.utilisation]),
  };
}

export function attendanceTable(t: TFunction, data: StatisticsResponse['attendance']): StatisticsTable {
  return {
    columns: [
      column(t, 'appointments', 'count'),
      column(t, 'recorded', 'count'),
      column(t, 'arrived', 'count'),
      column(t, 'noShows', 'count'),
      column(t, 'arrivalRate', 'percent'),
      column(t, 'noShowRate', 'percent'),
    ],
    rows: [[data.appointments, data.recorded, data.arrived, data.noShows, data.arrivalRate, data.noShowRate]],
  };
}

/** "Same day", "2 to 6 days", … */
export const bandLabel = (t: TFunction, band: LeadTimeBand): string => t(`statistics.leadTime.bands.${band}`);

export function leadTimeTable(t: TFunction, data: StatisticsResponse['leadTime']): StatisticsTable {
  const counts = new Map(data.map((row) => [row.band, row.bookings]));
  return {
    columns: [column(t, 'leadTime', 'text'), column(t, 'bookings', 'count')],
    // every band, in order, so that the chart and the file always read the same way
    rows: LEAD_TIME_BANDS.map((band) => [bandLabel(t, band), counts.get(band) ?? 0]),
  };
}

export function courseFillTable(t: TFunction, data: StatisticsResponse['courseFill']): StatisticsTable {
  return {
    columns: [
      column(t, 'calendar', 'text'),
      column(t, 'firstDate', 'date'),
      column(t, 'capacity', 'count'),
      column(t, 'registered', 'count'),
      column(t, 'fillRate', 'percent'),
    ],
    rows: data.map((series) => [
      series.calendarName,
      series.firstDate,
      series.capacity,
      series.registered,
      series.fillRate,
    ]),
  };
}
