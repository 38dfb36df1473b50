import type { RuleAction } from '../../../../domain/services/questionnaire';
import {
  settingsOf,
  type AnswerValue,
  type Answers,
  type QuestionnairePosition,
  type QuestionnaireSettings,
} from '../../../../domain/services/questionnaire-rules';
import type { OpenedOffer } from '../waitlist';
import { offerChoices } from './offerChoices';
import type { PublicSession, PublicTimeslot } from './types';
import { assertNever } from '../../../../domain/shared/decider';

/**
 * The booking wizard's steps and choices (§2.1, §4.1) as a reducer: what the visitor chose so far, where they are,
 * and where Back leads. The calls (locks, booking) happen in the wizard; their results arrive here as actions.
 */
export type WizardStep =
  'landing' | 'questionnaire' | 'calendar' | 'date' | 'session' | 'time' | 'appointment' | 'confirmation' | 'error';

/** One answered question on the path taken, with the actions its rules collected. */
export interface AnsweredQuestion {
  name: string;
  answer: AnswerValue;
  actions: RuleAction[];
}

export interface HeldLock {
  token: string;
  /** Browser clock (ms) when the lock's time runs out: the countdown's end. */
  deadline: number;
}

export interface Confirmation {
  code: string;
  clients: { firstName: string; lastName: string }[];
}

export interface WizardState {
  step: WizardStep;
  /** Counts step changes, so that the new step's heading takes the focus (not on the first load). */
  moves: number;
  hasQuestionnaire: boolean;
  history: AnsweredQuestion[];
  /** Every answer given, also those Back stepped over: a question shown again starts from its last answer. */
  remembered: Answers;
  /** The questionnaire's current question or ending. */
  position: QuestionnairePosition | null;
  calendarId: number | null;
  groupSession: boolean;
  date: string | null;
  timeslot: PublicTimeslot | null;
  session: PublicSession | null;
  lock: HeldLock | null;
  confirmation: Confirmation | null;
  /** The refusal code of the last failure (the error step), or of a lock refused on the time/session step. */
  failure: string | null;
  /**
   * A waitlist offer being booked (its e-mail's link): its lock is the offer's hold, which the wizard never releases
   * (the link opens it again until it lapses); its address fills the form's; a course's spots are the offer's.
   */
  offer: { email: string; spots: number } | null;
}

export type WizardAction =
  | { type: 'started'; first: QuestionnairePosition | null }
  | { type: 'answered'; question: AnsweredQuestion; next: QuestionnairePosition }
  | { type: 'endingContinued' }
  | { type: 'calendarChosen'; calendarId: number; groupSession: boolean }
  | { type: 'dateChosen'; date: string }
  | { type: 'timeChosen'; timeslot: PublicTimeslot }
  | { type: 'sessionChosen'; session: PublicSession }
  | { type: 'next' }
  | { type: 'locked'; lock: HeldLock }
  | { type: 'offerOpened'; offer: OpenedOffer }
  | { type: 'lockRefused'; code: string }
  | { type: 'booked'; confirmation: Confirmation }
  | { type: 'failed'; code: string }
  | { type: 'back' }
  | { type: 'retryTime' }
  | { type: 'restart' };

export const initialWizardState = (hasQuestionnaire: boolean): WizardState => ({
  step: 'landing',
  moves: 0,
  hasQuestionnaire,
  history: [],
  remembered: {},
  position: null,
  calendarId: null,
  groupSession: false,
  date: null,
  timeslot: null,
  session: null,
  lock: null,
  confirmation: null,
  failure: null,
  offer: null,
});

/** The answers on the path taken, the latest answer of each question winning. */
export const answersOf = (state: WizardState): Answers =>
  Object.fromEntries(state.history.map((entry) => [entry.name, entry.answer]));

/** The client count and duration the questionnaire set. */
export const questionnaireSettings = (state: WizardState): QuestionnaireSettings =>
  settingsOf(state.history.map((entry) => entry.actions));

const go = (state: WizardState, step: WizardStep, changes: Partial<WizardState> = {}): WizardState => ({
  ...state,
  ...changes,
  step,
  moves: state.moves + 1,
});

/** The step after the calendar: dates for an ordinary calendar, sessions for a group-session calendar. */
const dayStep = (state: WizardState): WizardStep => (state.groupSession ? 'session' : 'date');

function back(state: WizardState): WizardState {
  switch (state.step) {
    case 'questionnaire': {
      if (state.position?.kind === 'ending' || state.position?.kind === 'question') {
        const previous = state.history.at(-1);
        if (!previous) return go(state, 'landing', { position: null });
        return go(state, 'questionnaire', {
          history: state.history.slice(0, -1),
          position: { kind: 'question', name: previous.name },
        });
      }
      return go(state, 'landing');
    }
    case 'calendar': {
      if (!state.hasQuestionnaire) return go(state, 'landing');
      if (state.position?.kind === 'ending') return go(state, 'questionnaire');
      const previous = state.history.at(-1);
      if (!previous) return go(state, 'landing');
      return go(state, 'questionnaire', {
        history: state.history.slice(0, -1),
        position: { kind: 'question', name: previous.name },
      });
    }
    case 'date':
    case 'session':
      return go(state, 'calendar', { date: null, timeslot: null, session: null, failure: null });
    case 'time':
      return go(state, 'date', { timeslot: null, failure: null });
    case 'appointment':
      return go(state, state.groupSession ? 'session' : 'time', { lock: null, failure: null });
    default:
      return state;
  }
}

function next(state: WizardState): WizardState {
  switch (state.step) {
    case 'calendar':
      return state.calendarId === null ? state : go(state, dayStep(state), { failure: null });
    case 'date':
      return state.date === null ? state : go(state, 'time', { failure: null });
    default:
      return state;
  }
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'started':
      return action.first ? go(state, 'questionnaire', { position: action.first, history: [] }) : go(state, 'calendar');
    case 'answered': {
      const history = [...state.history, action.question];
      const remembered = { ...state.remembered, [action.question.name]: action.question.answer };
      return go(state, action.next.kind === 'finished' ? 'calendar' : 'questionnaire', {
        history,
        remembered,
        position: action.next,
      });
    }
    case 'endingContinued':
      return state.position?.kind === 'ending' && state.position.allowContinue ? go(state, 'calendar') : state;
    case 'calendarChosen':
      return state.calendarId === action.calendarId
        ? state
        : {
            ...state,
            calendarId: action.calendarId,
            groupSession: action.groupSession,
            date: null,
            timeslot: null,
            session: null,
          };
    case 'dateChosen':
      return { ...state, date: action.date, timeslot: state.date === action.date ? state.timeslot : null };
    case 'timeChosen':
      return { ...state, timeslot: action.timeslot, failure: null };
    case 'sessionChosen':
      return { ...state, session: action.session, failure: null };
    case 'next':
      return next(state);
    case 'locked':
      return go(state, 'appointment', { lock: action.lock, failure: null });
    case 'offerOpened':
      return go(state, 'appointment', offerChoices(action.offer));
    case 'lockRefused':
      return { ...state, failure: action.code, timeslot: null, session: null };
    case 'booked':
      return go(state, 'confirmation', { confirmation: action.confirmation, lock: null, failure: null });
    case 'failed':
      return go(state, 'error', { lock: null, failure: action.code });
    case 'back':
      return back(state);
    case 'retryTime':
      return go(state, state.groupSession ? 'session' : 'time', {
        lock: null,
        timeslot: null,
        session: null,
        failure: null,
        offer: null,
      });
    case 'restart':
      return { ...initialWizardState(state.hasQuestionnaire), moves: state.moves + 1 };
    default:
      return assertNever(action);
  }
}
