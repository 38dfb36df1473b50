import type { ApiError } from '../../shared/errorMessages';
import {
  addDates,
  initialTool,
  pruneTool,
  toggleDate,
  type DateMode,
  type Step,
  type ToolContext,
  type ToolState,
} from './dateTool';

/** The dates tool's screen: the dates chosen (dateTool.ts), a refused change, the delete question, a tried Copy. */
export interface DatesToolState {
  tool: ToolState;
  failure: ApiError;
  confirmingDelete: boolean;
  /** Copy was tried: the series fields show their problems. */
  copyAttempted: boolean;
}

export type DatesToolAction =
  | { type: 'chooseMode'; mode: DateMode }
  | { type: 'toggle'; date: string; context: ToolContext }
  | { type: 'addDates'; dates: readonly string[]; context: ToolContext }
  | { type: 'prune'; context: ToolContext }
  /** Clear, and after a saved change: the tool starts over in that mode. */
  | { type: 'restart'; mode: DateMode }
  /** Choose Targets and Back to Sources: the targets start empty. */
  | { type: 'step'; step: Step }
  | { type: 'sending' }
  | { type: 'refused'; failure: ApiError }
  | { type: 'confirmDelete'; open: boolean }
  | { type: 'copyAttempted'; attempted: boolean };

export const initialDatesTool = (): DatesToolState => ({
  tool: initialTool(),
  failure: undefined,
  confirmingDelete: false,
  copyAttempted: false,
});

/** The same state when the tool did not change, so that nothing re-renders. */
const withTool = (state: DatesToolState, tool: ToolState): DatesToolState =>
  tool === state.tool ? state : { ...state, tool };

export function datesToolReducer(state: DatesToolState, action: DatesToolAction): DatesToolState {
  switch (action.type) {
    case 'chooseMode':
      return { ...state, tool: initialTool(action.mode), failure: undefined, copyAttempted: false };
    case 'toggle':
      return withTool(state, toggleDate(state.tool, action.date, action.context));
    case 'addDates':
      return withTool(state, addDates(state.tool, action.dates, action.context));
    case 'prune':
      return withTool(state, pruneTool(state.tool, action.context));
    case 'restart':
      return { ...state, tool: initialTool(action.mode) };
    case 'step':
      return { ...state, tool: { ...state.tool, step: action.step, targets: [] } };
    case 'sending':
      return state.failure === undefined ? state : { ...state, failure: undefined };
    case 'refused':
      return { ...state, failure: action.failure };
    case 'confirmDelete':
      return state.confirmingDelete === action.open ? state : { ...state, confirmingDelete: action.open };
    case 'copyAttempted':
      return state.copyAttempted === action.attempted ? state : { ...state, copyAttempted: action.attempted };
  }
}
