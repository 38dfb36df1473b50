import type { Lane } from '../../../../domain/calendars/lane';
import type { ApiError } from '../../shared/errorMessages';
import {
  problemsOfTab,
  tabIds,
  tabOf,
  type CalendarFormProblems,
  type CalendarFormValues,
  type TabId,
} from './calendarForm';
import { removeLane, withoutLaneProblems } from './lanes/laneRules';

/** The calendar form's screen: its values, whether Save was tried, the tab shown and the server's refusals. */
export interface CalendarFormState {
  values: CalendarFormValues;
  attempted: boolean;
  tab: TabId;
  failure: ApiError;
  /** A server refusal on a field lasts until that field changes. */
  serverProblems: CalendarFormProblems;
}

type Change = {
  [K in keyof CalendarFormValues]: { type: 'change'; field: K; value: CalendarFormValues[K] };
}[keyof CalendarFormValues];

export type CalendarFormAction =
  | Change
  | { type: 'changeFields'; fields: CalendarFormValues['fields'] }
  | { type: 'changeLanes'; lanes: Lane[] }
  | { type: 'removeLane'; index: number }
  | { type: 'showTab'; tab: TabId }
  /** Save was pressed; the §5 checks found these problems (none: the form is sent). */
  | { type: 'submitted'; problems: CalendarFormProblems }
  /** The server refused: on fields, or as a whole. */
  | { type: 'refused'; problems: CalendarFormProblems; failure: ApiError };

export const initialCalendarForm = (values: CalendarFormValues): CalendarFormState => ({
  values,
  attempted: false,
  tab: 'general',
  failure: undefined,
  serverProblems: {},
});

/** The problem field a form value's change clears. */
const problemFieldOf: Partial<Record<keyof CalendarFormValues, string>> = { lockMinutes: 'lockTime' };

function dropServerProblems(state: CalendarFormState, keep: (field: string) => boolean): CalendarFormProblems {
  const kept = Object.entries(state.serverProblems).filter(([field]) => keep(field));
  return kept.length === Object.keys(state.serverProblems).length ? state.serverProblems : Object.fromEntries(kept);
}

/** The tab of the first problem, unless the tab shown has one. */
function problemTab(found: CalendarFormProblems, shown: TabId): TabId {
  if (problemsOfTab(found, shown).length > 0) return shown;
  return tabIds.find((id) => problemsOfTab(found, id).length > 0) ?? shown;
}

export function calendarFormReducer(state: CalendarFormState, action: CalendarFormAction): CalendarFormState {
  switch (action.type) {
    case 'change': {
      const cleared = problemFieldOf[action.field] ?? action.field;
      return {
        ...state,
        values: { ...state.values, [action.field]: action.value },
        serverProblems: dropServerProblems(state, (problem) => problem !== cleared),
      };
    }
    case 'changeFields':
      return {
        ...state,
        values: { ...state.values, fields: action.fields },
        serverProblems: dropServerProblems(state, (problem) => tabOf(problem) !== 'fields'),
      };
    case 'changeLanes': {
      // A lane's refusal goes when that lane changes.
      const before = state.values.lanes;
      const changed = new Set(action.lanes.flatMap((lane, index) => (lane !== before[index] ? [index] : [])));
      const serverProblems = dropServerProblems(state, (problem) => {
        if (problem === 'lanes') return false;
        const match = /^lanes\.(\d+)\./.exec(problem);
        return !match || !changed.has(Number(match[1]));
      });
      return { ...state, values: { ...state.values, lanes: action.lanes }, serverProblems };
    }
    case 'removeLane':
      // Delete Lane: that lane's problems go, those of the lanes after it move up with them.
      return {
        ...state,
        values: { ...state.values, lanes: removeLane(state.values.lanes, action.index) },
        serverProblems: withoutLaneProblems(state.serverProblems, action.index),
      };
    case 'showTab':
      return { ...state, tab: action.tab };
    case 'submitted':
      return { ...state, attempted: true, failure: undefined, tab: problemTab(action.problems, state.tab) };
    case 'refused': {
      const onFields = Object.keys(action.problems).length > 0;
      return {
        ...state,
        serverProblems: action.problems,
        tab: onFields ? problemTab(action.problems, state.tab) : state.tab,
        failure: onFields ? state.failure : action.failure,
      };
    }
  }
}
