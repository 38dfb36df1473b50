import { foldText } from '../../shared/foldText';
import type { Calendar } from './types';

/**
 * The filters of /admin/calendars (§2.3): title, category, location and status. They persist in the browser's
 * local storage under `calendarFilters`, so that coming back to the list restores them.
 */
export type CalendarStatus = 'all' | 'enabled' | 'disabled';
export const calendarStatuses: readonly CalendarStatus[] = ['all', 'enabled', 'disabled'];

export interface CalendarFilters {
  title: string;
  categoryId: number | null;
  locationId: number | null;
  status: CalendarStatus;
}

export const emptyFilters: CalendarFilters = { title: '', categoryId: null, locationId: null, status: 'all' };

export const filtersStorageKey = 'calendarFilters';

const idOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;

/** Whatever is stored, read defensively: a missing, old or hand-edited entry never breaks the list. */
export function parseFilters(stored: string | null): CalendarFilters {
  if (!stored) return emptyFilters;
  try {
    const value: unknown = JSON.parse(stored);
    if (typeof value !== 'object' || value === null) return emptyFilters;
    const record = value as Record<string, unknown>;
    return {
      title: typeof record.title === 'string' ? record.title.slice(0, 150) : '',
      categoryId: idOrNull(record.categoryId),
      locationId: idOrNull(record.locationId),
      status: calendarStatuses.find((status) => status === record.status) ?? 'all',
    };
  } catch {
    return emptyFilters;
  }
}

export function loadFilters(): CalendarFilters {
  try {
    return parseFilters(window.localStorage.getItem(filtersStorageKey));
  } catch {
    return emptyFilters; // storage unavailable
  }
}

export function storeFilters(filters: CalendarFilters): void {
  try {
    window.localStorage.setItem(filtersStorageKey, JSON.stringify(filters));
  } catch {
    // storage unavailable: the filters last for this page's life
  }
}

export const isFiltered = (filters: CalendarFilters): boolean =>
  filters.title.trim() !== '' || filters.categoryId !== null || filters.locationId !== null || filters.status !== 'all';

/** The calendars the filters let through; case and accents do not matter in the title ("clinique" finds "Clinique Médicale"). */
export function filterCalendars(calendars: readonly Calendar[], filters: CalendarFilters): Calendar[] {
  const wanted = foldText(filters.title);
  return calendars.filter(
    (calendar) =>
      (wanted === '' || foldText(calendar.name).includes(wanted)) &&
      (filters.categoryId === null || calendar.categoryId === filters.categoryId) &&
      (filters.locationId === null || calendar.locationId === filters.locationId) &&
      (filters.status === 'all' || calendar.enabled === (filters.status === 'enabled')),
  );
}
