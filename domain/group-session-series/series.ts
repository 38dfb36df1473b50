/** A session of a group-session series: one date with its time and length (§3 Group session). */
export interface SessionDate {
  date: string;
  time: string;
  /** Seconds. */
  duration: number;
}

export const MIN_SERIES_SPOTS = 1;
export const MAX_SERIES_SPOTS = 100;

export const seriesStream = (seriesId: number): string => `groupSessionSeries-${seriesId}`;

/** Spots held while someone fills the registration form; they count until `expiresAt` (an instant). */
export interface SpotHold {
  token: string;
  laneId: number;
  spots: number;
  expiresAt: string;
}

/** A registration as the series' capacity sees it: the spots it takes. */
export interface SeriesRegistration {
  appointmentId: number;
  spots: number;
}

export const holdIsLive = (hold: SpotHold, now: string): boolean => hold.expiresAt > now;

/** Spots neither registered nor held by a live hold (other than `ignoredToken`) at `now`. */
export function freeSpots(
  series: { spots: number; holds: SpotHold[]; registrations: SeriesRegistration[] },
  now: string,
  ignoredToken?: string,
): number {
  const taken = series.registrations.reduce((sum, registration) => sum + registration.spots, 0);
  const held = series.holds
    .filter((hold) => hold.token !== ignoredToken && holdIsLive(hold, now))
    .reduce((sum, hold) => sum + hold.spots, 0);
  return series.spots - taken - held;
}
