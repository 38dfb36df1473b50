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
