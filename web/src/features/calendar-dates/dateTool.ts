import type { DateWindow } from '../../../../domain/calendar-dates/calendar-date';
import { addMonths } from '../../../../domain/shared/plain-date';
import { firstOfMonth } from '../../i18n/month';
import type { CalendarDate } from './types';

/**
 * The rules of the dates tool (§2.3, §4.3) as pure functions: its modes, which dates each mode (and each step of
 * Move and Copy) lets one choose, and the months it shows.
 */
export const DATE_MODES = ['none', 'add', 'edit', 'move', 'copy'] as const;
export type DateMode = (typeof DATE_MODES)[number];

/** Move and Copy first choose their source dates, then their targets; Add and Edit have only the first step. */
export type Step = 'source' | 'target';

export interface ToolState {
  mode: DateMode;
  step: Step;
  /** The dates chosen in Add and Edit, the source dates of Move and Copy; in the order they were chosen. */
  picked: string[];
  /** The targets of Move (picked[i] goes to targets[i]) and Copy. */
  targets: string[];
}

export const initialTool = (mode: DateMode = 'none'): ToolState => ({ mode, step: 'source', picked: [], targets: [] });

export interface ToolContext {
  existing: ReadonlyMap<string, CalendarDate>;
  window: DateWindow;
  groupSession: boolean;
}

const inWindow = (date: string, window: DateWindow) => date >= window.today && date <= window.lastDay;

/** A date without appointments (§4.3 Edit); on a group-session calendar any date. */
export function isUnbooked(date: CalendarDate, groupSession: boolean): boolean {
  return groupSession || (date.appointmentCount === 0 && date.capacity === 0);
}

/** Whether a click on `date` may choose it in the tool's mode and step. */
export function isSelectable(
  state: Pick<ToolState, 'mode' | 'step'>,
  date: string,
  { existing, window, groupSession }: ToolContext,
): boolean {
  const calendarDate = existing.get(date);
  switch (state.mode) {
    case 'none':
      return calendarDate !== undefined;
    case 'add':
      return calendarDate === undefined && inWindow(date, window);
    case 'edit':
      return calendarDate !== undefined && inWindow(date, window) && isUnbooked(calendarDate, groupSession);
    case 'move':
      return state.step === 'source'
        ? calendarDate !== undefined && inWindow(date, window)
        : calendarDate === undefined && inWindow(date, window);
    case 'copy':
      return state.step === 'source'
        ? calendarDate !== undefined
        : calendarDate === undefined && inWindow(date, window);
  }
}

/** The list the current step adds to. */
export const currentList = (state: ToolState): string[] => (state.step === 'source' ? state.picked : state.targets);

function withList(state: ToolState, list: string[]): ToolState {
  return state.step === 'source' ? { ...state, picked: list } : { ...state, targets: list };
}

/** How many more dates the current step takes: Copy one source, Move as many targets as sources. */
function room(state: ToolState): number {
  if (state.mode === 'copy' && state.step === 'source') return 1;
  if (state.mode === 'move' && state.step === 'target') return Math.max(0, state.picked.length - state.targets.length);
  return Number.POSITIVE_INFINITY;
}

/** A click on a day in a choosing mode: unchoose a chosen date, else choose it when the rules allow. */
export function toggleDate(state: ToolState, date: string, context: ToolContext): ToolState {
  const list = currentList(state);
  if (list.includes(date))
    return withList(
      state,
      list.filter((chosen) => chosen !== date),
    );
  if (!isSelectable(state, date, context)) return state;
  if (state.mode === 'copy' && state.step === 'source') return withList(state, [date]);
  if (room(state) === 0) return state;
  return withList(state, [...list, date]);
}

/** The selection panel: adds the dates it names that the rules allow, in date order, up to what the step takes. */
export function addDates(state: ToolState, dates: readonly string[], context: ToolContext): ToolState {
  const list = [...currentList(state)];
  const chosen = new Set(list);
  let left = room(state);
  for (const date of dates) {
    if (left <= 0) break;
    if (chosen.has(date) || !isSelectable(state, date, context)) continue;
    list.push(date);
    chosen.add(date);
    left -= 1;
  }
  return withList(state, list);
}

/** The 24 months the tool covers (§9), as the first day of each, from the current month. */
export function toolMonths(today: string, count = 24): string[] {
  const first = firstOfMonth(today);
  return Array.from({ length: count }, (_, index) => addMonths(first, index));
}

/** After the dates changed (a refused change, someone else's), drops the chosen dates the rules no longer allow. */
export function pruneTool(state: ToolState, context: ToolContext): ToolState {
  const picked = state.picked.filter((date) => isSelectable({ mode: state.mode, step: 'source' }, date, context));
  const targets = state.targets.filter((date) => isSelectable({ mode: state.mode, step: 'target' }, date, context));
  if (picked.length === state.picked.length && targets.length === state.targets.length) return state;
  return { ...state, picked, targets };
}
