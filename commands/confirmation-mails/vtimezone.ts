/**
 * The VTIMEZONE block (RFC 5545 §3.6.5) of an IANA zone, worked out from the platform's time-zone data: every
 * change of UTC offset in the years asked for (and the year before, which sets the offset in force on January 1),
 * each as an observance of its own. Calendar programs then place a TZID'd local time right on both sides of a
 * change of clocks, without knowing the zone themselves.
 */

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      timeZoneName: 'short',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

function parts(instant: number, timeZone: string) {
  const list = formatter(timeZone).formatToParts(new Date(instant));
  const number = (type: Intl.DateTimeFormatPartTypes) => Number(list.find((part) => part.type === type)?.value);
  const wall = Date.UTC(number('year'), number('month') - 1, number('day'), number('hour') % 24, number('minute'));
  return {
    offsetMinutes: Math.round((wall - Math.floor(instant / MINUTE_MS) * MINUTE_MS) / MINUTE_MS),
    name: list.find((part) => part.type === 'timeZoneName')?.value ?? '',
  };
}

export const offsetMinutesAt = (instant: number, timeZone: string): number => parts(instant, timeZone).offsetMinutes;

export interface OffsetChange {
  /** First instant (ms) of the new offset. */
  at: number;
  from: number;
  to: number;
  name: string;
}

/** Every change of offset from `start` to `end` (instants in ms), found day by day and then to the minute. */
export function offsetChanges(timeZone: string, start: number, end: number): OffsetChange[] {
  const changes: OffsetChange[] = [];
  let before = offsetMinutesAt(start, timeZone);
  for (let day = start; day < end; day += DAY_MS) {
    const next = Math.min(day + DAY_MS, end);
    const after = offsetMinutesAt(next, timeZone);
    if (after === before) continue;
    let low = day;
    let high = next;
    while (high - low > MINUTE_MS) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
      if (offsetMinutesAt(middle, timeZone) === before) low = middle;
      else high = middle;
    }
    changes.push({ at: high, from: before, to: after, name: parts(high, timeZone).name });
    before = after;
  }
  return changes;
}

/** `-0500`, `+0530`. */
export function utcOffsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const size = Math.abs(minutes);
  return `${sign}${String(Math.floor(size / 60)).padStart(2, '0')}${String(size % 60).padStart(2, '0')}`;
}

/** `20260308T020000` from an instant read as UTC (callers shift it to the wall clock first). */
export function localStamp(wallMs: number): string {
  return new Date(wallMs).toISOString().slice(0, 19).replace(/[-:]/g, '');
}

/** The lines of the VTIMEZONE of `timeZone` covering the years `fromYear` to `toYear`. */
/** Worked out once per zone and years: a run of reminders sends the same block thousands of times. */
const knownBlocks = new Map<string, readonly string[]>();

export function vtimezoneLines(timeZone: string, fromYear: number, toYear: number): string[] {
  const key = `${timeZone} ${fromYear} ${toYear}`;
  let block = knownBlocks.get(key);
  if (!block) {
    block = workOutVtimezoneLines(timeZone, fromYear, toYear);
    knownBlocks.set(key, block);
  }
  return [...block];
}

function workOutVtimezoneLines(timeZone: string, fromYear: number, toYear: number): string[] {
  const start = Date.UTC(fromYear - 1, 0, 1);
  const end = Date.UTC(toYear + 1, 0, 1);
  const changes = offsetChanges(timeZone, start, end);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  if (changes.length === 0) {
    const offset = utcOffsetText(offsetMinutesAt(start, timeZone));
    lines.push(
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      `TZOFFSETFROM:${offset}`,
      `TZOFFSETTO:${offset}`,
      `TZNAME:${parts(start, timeZone).name}`,
      'END:STANDARD',
    );
  }
  for (const change of changes) {
    // Daylight time is the larger offset of its year; a change of standard offset is STANDARD too.
    const year = new Date(change.at).getUTCFullYear();
    const standard = Math.min(
      offsetMinutesAt(Date.UTC(year, 0, 1), timeZone),
      offsetMinutesAt(Date.UTC(year, 6, 1), timeZone),
    );
    const kind = change.to > standard ? 'DAYLIGHT' : 'STANDARD';
    lines.push(
      `BEGIN:${kind}`,
      // The observance starts at the wall-clock time of the offset it replaces (02:00 both ways in Toronto).
      `DTSTART:${localStamp(change.at + change.from * MINUTE_MS)}`,
      `TZOFFSETFROM:${utcOffsetText(change.from)}`,
      `TZOFFSETTO:${utcOffsetText(change.to)}`,
      `TZNAME:${change.name}`,
      `END:${kind}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return lines;
}
