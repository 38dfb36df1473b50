import { OFFICE_REGIONS, type OfficeRegion } from '../../../../domain/locations/location';

/**
 * §2.3 / §9: each office region has its own colour, on its filter button and on the calendars of its locations in
 * the month grid. Each is dark enough for white text on it and as text on white (contrast 5:1 or more, WCAG AA).
 */
export const regionColours: Record<OfficeRegion, string> = {
  Alexandria: '#1565c0',
  Casselman: '#ad1457',
  Cornwall: '#2e7d32',
  Hawkesbury: '#b34700',
  Rockland: '#6a1b9a',
  Winchester: '#00796b',
  PR: '#c62828',
  SDG: '#795548',
  Virtual: '#455a64',
};

/** The All Regions button, and a calendar without a location. */
export const neutralColour = '#404854';

export const regions: readonly OfficeRegion[] = OFFICE_REGIONS;

export function isRegion(value: string | null): value is OfficeRegion {
  return value !== null && (OFFICE_REGIONS as readonly string[]).includes(value);
}
