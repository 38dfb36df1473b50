import { instantOf, timeOfDayIn, todayIn, addDays } from '../../../../domain/shared/plain-date';
import { unitTimeZone } from '../../i18n/format';
import { useQueryParams } from '../../shared/routing/useQueryParams';
import type { ActorChoice, AuditFilters, AuditPageRequest } from './types';

const ACTORS: readonly ActorChoice[] = ['user', 'public', 'system'];
const position = (value: string | null) => (value !== null && /^\d{1,15}$/.test(value) ? Number(value) : undefined);

/** The page asked for, from the address (a reload or a shared link shows the same events). */
export function requestFrom(params: URLSearchParams): AuditPageRequest {
  const text = (name: string) => params.get(name) ?? '';
  const actor = ACTORS.find((candidate) => candidate === params.get('actorKind')) ?? '';
  const after = position(params.get('after'));
  const before = after === undefined ? position(params.get('before')) : undefined;
  return {
    streamCategory: text('streamCategory'),
    streamId: text('streamId'),
    type: text('type'),
    actorKind: actor,
    actorUserId: actor === 'user' ? text('actorUserId') : '',
    from: text('from'),
    to: text('to'),
    ...(after !== undefined ? { after } : {}),
    ...(before !== undefined ? { before } : {}),
  };
}

export function useAuditEventsRequest() {
  const { params, update } = useQueryParams();
  const request = requestFrom(params);
  /** New filters: from the newest events again. */
  const applyFilters = (filters: AuditFilters) =>
    update({
      ...Object.fromEntries(Object.entries(filters).map(([name, value]) => [name, value || undefined])),
      after: undefined,
      before: undefined,
    });
  const goTo = (cursor: { after?: number; before?: number }) =>
    update({ after: cursor.after?.toString(), before: cursor.before?.toString() });
  return { request, applyFilters, goTo };
}

/** An instant as the unit's wall clock: a date and an HH:MM time (both empty for no instant). */
export function wallClockOf(iso: string): { date: string; time: string } {
  const instant = new Date(iso);
  if (iso === '' || Number.isNaN(instant.getTime())) return { date: '', time: '' };
  return { date: todayIn(unitTimeZone, instant), time: timeOfDayIn(unitTimeZone, instant).slice(0, 5) };
}

/**
 * The instant a wall-clock date and time of the unit stand for. `From` starts at the minute (midnight without a
 * time); `to` takes its whole minute (its whole day without a time), since the API's `to` is excluded.
 */
export function instantFrom(date: string, time: string, bound: 'from' | 'to'): string {
  if (date === '') return '';
  if (time === '') return instantOf(bound === 'to' ? addDays(date, 1) : date, '00:00:00', unitTimeZone).toISOString();
  const start = instantOf(date, `${time}:00`, unitTimeZone);
  return new Date(start.getTime() + (bound === 'to' ? 60_000 : 0)).toISOString();
}

/** The `to` instant back as the wall clock the auditor chose (the minute or the day before the bound). */
export function wallClockOfTo(iso: string): { date: string; time: string } {
  if (iso === '') return { date: '', time: '' };
  const shown = wallClockOf(iso);
  if (shown.time === '00:00') return { date: addDays(shown.date, -1), time: '' };
  return wallClockOf(new Date(new Date(iso).getTime() - 60_000).toISOString());
}
