import type { Intent } from '@blueprintjs/core';
import { assertNever } from '../../../../domain/shared/decider';
import type { Timeslot } from '../calendar-dates';
import { startsAppointment } from './slotRules';

/** §2.3 / §4.2 the actions of one timeslot. */
export const SLOT_ACTIONS = ['new', 'paste', 'edit', 'view', 'copy', 'move', 'delete', 'history', 'unlock'] as const;
export type SlotAction = (typeof SLOT_ACTIONS)[number];

export interface SlotContext {
  /** Delete, New, Move and Paste only on dates not in the past (§5 Dates and series). */
  past: boolean;
  admin: boolean;
  /** An appointment was copied or is being moved. */
  holding: boolean;
}

/** Whether `action` is offered on the slot at `index`. */
export function offers(
  action: SlotAction,
  slots: readonly Timeslot[],
  index: number,
  { past, admin, holding }: SlotContext,
): boolean {
  const slot = slots[index];
  if (!slot) return false;
  const start = startsAppointment(slots, index);
  switch (action) {
    case 'new':
      return !past && slot.label === 'Available';
    case 'paste':
      return !past && holding && slot.label === 'Available';
    case 'edit':
    case 'view':
    case 'copy':
      return start;
    case 'move':
    case 'delete':
      return start && !past;
    case 'history':
      return start && admin;
    case 'unlock':
      return slot.label === 'Locked' && slot.token !== null;
    default:
      return assertNever(action);
  }
}

/** §4.2 attendance colours: left green, arrived and consult warning, no show red. */
export function attendanceIntent(attendance: string | null): Intent {
  switch (attendance) {
    case 'left':
      return 'success';
    case 'arrived':
    case 'consult':
      return 'warning';
    case 'noshow':
      return 'danger';
    default:
      return 'none';
  }
}
