import { useMemo } from 'react';
import { instantOf, timeOfDayIn, todayIn } from '../../../../domain/shared/plain-date';
import { unitTimeZone } from '../../i18n/format';
import { useQueryParams } from '../../shared/routing/useQueryParams';
import { RECORD_KINDS, type RecordKind, type RecordRequest } from './types';

/** The two versions compared, as the address names them. */
export interface Comparison {
  from: number;
  to: number;
}

const isKind = (text: string | null): text is RecordKind => RECORD_KINDS.includes(text as RecordKind);
const version = (text: string | null) => (text !== null && /^[1-9]\d{0,8}$/.test(text) ? Number(text) : null);

/** The record the address asks for (so a link or a reload shows it), or null when it names none. */
export function requestOf(params: URLSearchParams): RecordRequest | null {
  const kind = params.get('kind');
  const id = params.get('id')?.trim() ?? '';
  const at = params.get('at') ?? '';
  if (!isKind(kind) || id === '') return null;
  return Number.isNaN(Date.parse(at)) || at === '' ? { kind, id } : { kind, id, at };
}

export function comparisonOf(params: URLSearchParams): Comparison | null {
  const [from, to] = [version(params.get('from')), version(params.get('to'))];
  return from !== null && to !== null ? { from, to } : null;
}

/** A moment as the form shows it: the date and the time of day (to the second) on the unit's clocks. */
export function wallClockOf(at: string | undefined): { date: string; time: string } {
  if (!at) return { date: '', time: '' };
  const instant = new Date(at);
  return { date: todayIn(unitTimeZone, instant), time: timeOfDayIn(unitTimeZone, instant) };
}

/**
 * The moment a date and time of the form name, as an ISO instant: the end of that second (or minute, or day when no
 * time is given), so that what happened during it counts. No date: none (the record as it is now).
 */
export function momentOf(date: string, time: string): string | undefined {
  if (date === '') return undefined;
  const clock = time === '' ? '23:59:59' : time.length === 5 ? `${time}:59` : time;
  return new Date(instantOf(date, clock, unitTimeZone).getTime() + 999).toISOString();
}

/** The record and comparison asked for, kept in the address, and how to ask for others. */
export function useAuditRecordParams() {
  const { params, update } = useQueryParams();
  const text = params.toString();
  const request = useMemo(() => requestOf(new URLSearchParams(text)), [text]);
  const comparison = useMemo(() => comparisonOf(new URLSearchParams(text)), [text]);
  const show = (next: RecordRequest) =>
    update({ kind: next.kind, id: next.id, at: next.at, from: undefined, to: undefined });
  const showAt = (at: string) => update({ at });
  const compare = (next: Comparison) => update({ from: String(next.from), to: String(next.to) });
  return { request, comparison, show, showAt, compare };
}
