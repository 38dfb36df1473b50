import type { WaitlistEntry } from './types';

/** Those still in line (waiting or offered a place) may be removed; the others are history. */
export const isRemovable = (entry: WaitlistEntry): boolean => entry.status === 'waiting' || entry.status === 'offered';

/** Whole minutes of a length in seconds, for the staff's table ("30 min"). */
export const minutesOf = (seconds: number): number => Math.round(seconds / 60);

/** In line first by place, then the others by when they joined (the API's order is kept among equals). */
export function inLineOrder(entries: WaitlistEntry[]): WaitlistEntry[] {
  const place = (entry: WaitlistEntry) => entry.position ?? Number.POSITIVE_INFINITY;
  return [...entries].sort((a, b) => place(a) - place(b) || a.joinedAt.localeCompare(b.joinedAt));
}
