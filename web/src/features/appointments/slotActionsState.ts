import type { ApiError } from '../../shared/errorMessages';
import type { FormSession } from './form/formSession';
import type { Appointment } from './types';

/**
 * An appointment copied, or being moved, until it is pasted on a slot (§4.2 Copy, Move, Paste). `notifyClient`: a
 * Move's Paste sends the client a notice of the new time (issue 19).
 */
export interface Holding {
  kind: 'copy' | 'move';
  appointment: Appointment;
  notifyClient: boolean;
}

export interface PendingDelete {
  appointmentId: number;
  time: string;
  clients: string;
}

/** The slot flow's screen: the open form, the held appointment, the delete question, the history shown, the outcome. */
export interface SlotActionsState {
  session: FormSession | null;
  holding: Holding | null;
  /** The question stays set while its dialog closes, so that its text does not vanish meanwhile. */
  pendingDelete: PendingDelete | null;
  confirming: boolean;
  historyId: number | null;
  failure: ApiError;
  /** What was being done when `failure` came (§8 'Cannot initialize lock: …'). */
  failedTo: SlotStep;
  /** The slot was taken meanwhile (§4.2). */
  unavailable: boolean;
  busy: boolean;
}

/** The steps of the slot flow that call the API. */
export type SlotStep = 'lock' | 'unlock' | 'load' | 'move' | 'delete';

export type SlotActionsAction =
  /** An action starts: the last outcome goes. */
  | { type: 'started' }
  | { type: 'finished' }
  | { type: 'failed'; failure: ApiError; failedTo: SlotStep }
  | { type: 'unavailable' }
  | { type: 'dismissed' }
  | { type: 'opened'; session: FormSession | null }
  | { type: 'held'; holding: Holding | null }
  | { type: 'askDelete'; pendingDelete: PendingDelete }
  | { type: 'closeDelete' }
  | { type: 'history'; appointmentId: number | null };

export const initialSlotActions: SlotActionsState = {
  session: null,
  holding: null,
  pendingDelete: null,
  confirming: false,
  historyId: null,
  failure: undefined,
  failedTo: 'lock',
  unavailable: false,
  busy: false,
};

export function slotActionsReducer(state: SlotActionsState, action: SlotActionsAction): SlotActionsState {
  switch (action.type) {
    case 'started':
      return { ...state, failure: undefined, unavailable: false, busy: true };
    case 'finished':
      return { ...state, busy: false };
    case 'failed':
      return { ...state, failure: action.failure, failedTo: action.failedTo };
    case 'unavailable':
      return { ...state, unavailable: true };
    case 'dismissed':
      return { ...state, failure: undefined, unavailable: false };
    case 'opened':
      return { ...state, session: action.session };
    case 'held':
      return { ...state, holding: action.holding };
    case 'askDelete':
      return { ...state, pendingDelete: action.pendingDelete, confirming: true };
    case 'closeDelete':
      return { ...state, confirming: false };
    case 'history':
      return { ...state, historyId: action.appointmentId };
  }
}
