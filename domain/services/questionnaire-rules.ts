import type { Question, Questionnaire, RuleAction, RuleCondition } from './questionnaire';
import { assertNever } from '../shared/decider';

/**
 * §4.1 running a service's questionnaire: where an answer leads and what it sets. Pure: the wizard keeps the
 * answers and the path taken, this module says what the rules make of them.
 *
 * Answering a question evaluates that question's rules in order. A rule holds when all its conditions hold (one
 * without conditions always does); a holding rule adds its actions to the collected ones and, with `stop`, ends the
 * evaluation. The collected actions then apply in the order collected, so a later one overrides an earlier one of
 * the same kind. Without a goto the next question follows; after the last question the questionnaire is finished.
 */

/** An answer as the client gave it: the text of a field, or a number. */
export type AnswerValue = string | number;
export type Answers = Readonly<Record<string, AnswerValue | undefined>>;

/** Where the questionnaire stands: at a question, at an ending, or finished (on to the calendar step). */
export type QuestionnairePosition =
  { kind: 'question'; name: string } | { kind: 'ending'; name: string; allowContinue: boolean } | { kind: 'finished' };

/** What the actions of the answers so far set: the number of clients on the form and the duration in seconds. */
export interface QuestionnaireSettings {
  clientCount?: number;
  duration?: number;
}

export interface AnswerOutcome {
  /** The actions of the rules that held, in order. */
  actions: RuleAction[];
  next: QuestionnairePosition;
}

/** The first question (a valid questionnaire has at least one). */
export function firstPosition(questionnaire: Questionnaire): QuestionnairePosition {
  const first = questionnaire.questions[0];
  return first ? { kind: 'question', name: first.name } : { kind: 'finished' };
}

export const questionNamed = (questionnaire: Questionnaire, name: string): Question | undefined =>
  questionnaire.questions.find((question) => question.name === name);

/** Whether an answer counts as given: blank text does not. */
export const isAnswered = (value: AnswerValue | undefined): value is AnswerValue =>
  typeof value === 'number' ? Number.isFinite(value) : typeof value === 'string' && value.trim() !== '';

/** A value as the compared question's type reads it: a number for number questions, text otherwise. */
function comparable(question: Question, value: AnswerValue): number | string | null {
  if (question.type === 'number') {
    const number = typeof value === 'number' ? value : Number(value.trim());
    return typeof value === 'string' && value.trim() === '' ? null : Number.isFinite(number) ? number : null;
  }
  return String(value).trim();
}

/**
 * One condition against the answers: eq compares equal values (as numbers for a number question, else as text),
 * gt and lt compare numbers or dates (YYYY-MM-DD compares as text). A question not answered fails every condition.
 */
export function conditionHolds(questionnaire: Questionnaire, condition: RuleCondition, answers: Answers): boolean {
  const subject = questionNamed(questionnaire, condition.questionName);
  const answer = answers[condition.questionName];
  if (!subject || !isAnswered(answer)) return false;
  const left = comparable(subject, answer);
  const right = comparable(subject, condition.questionValue);
  if (left === null || right === null || typeof left !== typeof right) return false;
  switch (condition.operator) {
    case 'eq':
      return left === right;
    case 'gt':
      return left > right;
    case 'lt':
      return left < right;
    default:
      return assertNever(condition.operator);
  }
}

/** The actions of the question's rules that hold, in order, up to the first holding rule with `stop`. */
export function collectActions(questionnaire: Questionnaire, question: Question, answers: Answers): RuleAction[] {
  const actions: RuleAction[] = [];
  for (const rule of question.rules) {
    if (!rule.conditions.every((condition) => conditionHolds(questionnaire, condition, answers))) continue;
    actions.push(...rule.actions);
    if (rule.stop) break;
  }
  return actions;
}

/** Where the actions lead from a question: their last goto, else the next question, else finished. */
export function positionAfter(
  questionnaire: Questionnaire,
  questionName: string,
  actions: readonly RuleAction[],
): QuestionnairePosition {
  const goto = actions.findLast((action) => action.type === 'gotoQuestion' || action.type === 'gotoEnding');
  if (goto?.type === 'gotoEnding') {
    const ending = questionnaire.endings.find((candidate) => candidate.name === goto.value);
    if (ending) return { kind: 'ending', name: ending.name, allowContinue: ending.allowContinue };
  }
  if (goto?.type === 'gotoQuestion' && questionNamed(questionnaire, goto.value))
    return { kind: 'question', name: goto.value };
  const index = questionnaire.questions.findIndex((question) => question.name === questionName);
  const next = index >= 0 ? questionnaire.questions[index + 1] : undefined;
  return next ? { kind: 'question', name: next.name } : { kind: 'finished' };
}

/** Answering `questionName` (its answer is in `answers`, with those given before): the actions and where they lead. */
export function answerQuestion(questionnaire: Questionnaire, questionName: string, answers: Answers): AnswerOutcome {
  const question = questionNamed(questionnaire, questionName);
  if (!question) return { actions: [], next: { kind: 'finished' } };
  const actions = collectActions(questionnaire, question, answers);
  return { actions, next: positionAfter(questionnaire, questionName, actions) };
}

/** The client count and duration set by the actions of the answers on the path taken, later ones winning. */
export function settingsOf(actionLists: readonly (readonly RuleAction[])[]): QuestionnaireSettings {
  const settings: QuestionnaireSettings = {};
  for (const action of actionLists.flat()) {
    if (action.type === 'setClientCount') settings.clientCount = action.value;
    if (action.type === 'setDuration') settings.duration = action.value;
  }
  return settings;
}
