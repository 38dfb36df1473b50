import { z } from 'zod';
import { DURATION_CHOICES } from '../calendars/lane';

/**
 * §3 "Service questionnaire JSON": the optional questions a client answers before choosing a calendar (§4.1).
 *
 *   { "questions": [{ "name", "type", "label": {en, fr}, "placeholder": {en, fr}, "options": [{value, label: {en, fr}}],
 *                     "defaultValue", "rules": [{ "conditions": [{questionName, operator, questionValue}],
 *                                                 "actions": [{type, value}], "stop" }] }],
 *     "endings":   [{ "name", "header": {en, fr}, "body": {en, fr}, "allowContinue" }] }
 *
 * Answering a question evaluates its rules in order; a rule whose conditions all hold (a rule without conditions
 * always does) contributes its actions, and its stop flag ends the evaluation. Actions go to a question or an ending,
 * set the client count or set the duration (seconds). An ending with `allowContinue` goes on to the calendar step.
 * The service keeps the questionnaire as JSON text; 2 characters or fewer (``, `[]`, `{}`) means none.
 */

export const QUESTION_TYPES = ['text', 'number', 'date', 'select', 'radio'] as const;
export const CONDITION_OPERATORS = ['eq', 'gt', 'lt'] as const;
export const ACTION_TYPES = ['gotoQuestion', 'gotoEnding', 'setClientCount', 'setDuration'] as const;
/** §9: at most 10 clients per appointment. */
export const MAX_CLIENT_COUNT = 10;
export const MAX_QUESTIONNAIRE_LENGTH = 100_000;
/** Names of questions and endings: what rules refer to them by. */
export const QUESTIONNAIRE_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,49}$/;
const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;

const text = (max: number) => z.string().trim().max(max);
const requiredText = (max: number) => text(max).min(1);
const bilingual = (max: number) => z.strictObject({ en: requiredText(max), fr: requiredText(max) });
const optionalBilingual = (max: number) =>
  z.strictObject({ en: text(max).default(''), fr: text(max).default('') }).default({ en: '', fr: '' });
const name = z.string().regex(QUESTIONNAIRE_NAME);
const answerValue = z.union([z.string().max(200), z.number()]);

const option = z.strictObject({ value: requiredText(100), label: bilingual(200) });
const condition = z.strictObject({
  questionName: z.string().min(1),
  operator: z.enum(CONDITION_OPERATORS),
  questionValue: answerValue,
});
const action = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('gotoQuestion'), value: z.string().min(1) }),
  z.strictObject({ type: z.literal('gotoEnding'), value: z.string().min(1) }),
  z.strictObject({ type: z.literal('setClientCount'), value: z.number().int().min(1).max(MAX_CLIENT_COUNT) }),
  z.strictObject({ type: z.literal('setDuration'), value: z.number().int() }),
]);
const rule = z.strictObject({
  conditions: z.array(condition).max(20).default([]),
  actions: z.array(action).min(1).max(10),
  stop: z.boolean().default(false),
});
const question = z.strictObject({
  name,
  type: z.enum(QUESTION_TYPES),
  label: bilingual(500),
  placeholder: optionalBilingual(200),
  options: z.array(option).max(50).default([]),
  defaultValue: answerValue.optional(),
  rules: z.array(rule).max(50).default([]),
});
const ending = z.strictObject({
  name,
  header: bilingual(300),
  body: optionalBilingual(5000),
  allowContinue: z.boolean().default(false),
});

/** The shape of a questionnaire; `questionnaireIssues` adds the checks across questions, rules and endings. */
export const questionnaireSchema = z.strictObject({
  questions: z.array(question).min(1).max(100),
  endings: z.array(ending).max(50).default([]),
});

export type Questionnaire = z.output<typeof questionnaireSchema>;
export type Question = Questionnaire['questions'][number];
export type QuestionRule = Question['rules'][number];
export type RuleCondition = QuestionRule['conditions'][number];
export type RuleAction = QuestionRule['actions'][number];
export type Ending = Questionnaire['endings'][number];

/** Stable codes of what is wrong, for messages in either language. */
export type QuestionnaireProblem =
  | 'invalidJson'
  | 'required'
  | 'invalidType'
  | 'invalidValue'
  | 'invalidName'
  | 'unknownKeys'
  | 'tooFew'
  | 'tooMany'
  | 'tooLong'
  | 'tooSmall'
  | 'tooBig'
  | 'duplicateName'
  | 'optionsRequired'
  | 'optionsNotAllowed'
  | 'duplicateOption'
  | 'defaultNotOption'
  | 'defaultNotNumber'
  | 'defaultNotDate'
  | 'unknownQuestion'
  | 'unknownEnding'
  | 'gotoSelf'
  | 'valueNotOption'
  | 'valueNotNumber'
  | 'valueNotDate'
  | 'compareNeedsNumberOrDate'
  | 'durationChoice';

/** Where an issue is, by index (from 0) and the name of its question or ending when it has one. */
export interface IssueLocation {
  question?: { index: number; name: string | undefined };
  ending?: { index: number; name: string | undefined };
  option?: number;
  rule?: number;
  condition?: number;
  action?: number;
  /** The property at fault inside that part ('value', 'label.fr', ...), if any. */
  field?: string;
}

export interface QuestionnaireIssue {
  /** Path inside the questionnaire: ['questions', 2, 'rules', 0, 'actions', 1, 'value']. */
  path: (string | number)[];
  problem: QuestionnaireProblem;
  params: Record<string, string | number>;
  location: IssueLocation;
  /** In English, naming the question or ending: 'Question 3 “age”, rule 1, action 2 (value): ...'. */
  message: string;
}

/** Whether the text holds a questionnaire at all (§4.1: longer than 2 characters). */
export const hasQuestionnaire = (form: string): boolean => form.trim().length > 2;

const MAX_ISSUES = 50;

/**
 * Every problem of a service's questionnaire text, each pointing at its question, rule or ending; none for a valid
 * questionnaire or for no questionnaire at all.
 */
export function questionnaireIssues(form: string): QuestionnaireIssue[] {
  if (!hasQuestionnaire(form)) return [];
  if (form.length > MAX_QUESTIONNAIRE_LENGTH)
    return [issueAt([], 'tooLong', { maximum: MAX_QUESTIONNAIRE_LENGTH }, undefined)];
  let data: unknown;
  try {
    data = JSON.parse(form);
  } catch (error) {
    return [issueAt([], 'invalidJson', { detail: error instanceof Error ? error.message : String(error) }, undefined)];
  }
  const parsed = questionnaireSchema.safeParse(data);
  if (!parsed.success) return parsed.error.issues.slice(0, MAX_ISSUES).map((issue) => fromZodIssue(issue, data));
  return crossChecks(parsed.data).slice(0, MAX_ISSUES);
}

/** The questionnaire of a valid service's text, or null when it has none (or, defensively, when it is not valid). */
export function parseQuestionnaire(form: string): Questionnaire | null {
  if (!hasQuestionnaire(form)) return null;
  try {
    const parsed = questionnaireSchema.safeParse(JSON.parse(form));
    return parsed.success && crossChecks(parsed.data).length === 0 ? parsed.data : null;
  } catch {
    return null;
  }
}

// ---- checks across the parts ----

function crossChecks(questionnaire: Questionnaire): QuestionnaireIssue[] {
  const issues: QuestionnaireIssue[] = [];
  const add = (
    path: (string | number)[],
    problem: QuestionnaireProblem,
    params: Record<string, string | number> = {},
  ) => issues.push(issueAt(path, problem, params, questionnaire));
  const questions = new Map<string, Question>();
  questionnaire.questions.forEach((question, index) => {
    if (questions.has(question.name)) add(['questions', index, 'name'], 'duplicateName', { name: question.name });
    else questions.set(question.name, question);
  });
  const endings = new Set<string>();
  questionnaire.endings.forEach((ending, index) => {
    if (endings.has(ending.name)) add(['endings', index, 'name'], 'duplicateName', { name: ending.name });
    endings.add(ending.name);
  });

  questionnaire.questions.forEach((question, q) => {
    const at = (...rest: (string | number)[]) => ['questions', q, ...rest];
    const choices = question.type === 'select' || question.type === 'radio';
    if (choices && question.options.length === 0) add(at('options'), 'optionsRequired');
    if (!choices && question.options.length > 0) add(at('options'), 'optionsNotAllowed', { type: question.type });
    const values = new Set<string>();
    question.options.forEach((option, o) => {
      if (values.has(option.value)) add(at('options', o, 'value'), 'duplicateOption', { value: option.value });
      values.add(option.value);
    });
    const problem = valueProblem(question, question.defaultValue, 'default');
    if (problem) add(at('defaultValue'), problem.problem, problem.params);

    question.rules.forEach((rule, r) => {
      rule.conditions.forEach((condition, c) => {
        const here = (field: string) => at('rules', r, 'conditions', c, field);
        const subject = questions.get(condition.questionName);
        if (!subject) {
          add(here('questionName'), 'unknownQuestion', { name: condition.questionName });
          return;
        }
        if (condition.operator !== 'eq' && subject.type !== 'number' && subject.type !== 'date') {
          add(here('operator'), 'compareNeedsNumberOrDate', { name: subject.name });
          return;
        }
        const compared = valueProblem(subject, condition.questionValue, 'value');
        if (compared) add(here('questionValue'), compared.problem, compared.params);
      });
      rule.actions.forEach((action, a) => {
        const here = at('rules', r, 'actions', a, 'value');
        switch (action.type) {
          case 'gotoQuestion':
            if (!questions.has(action.value)) add(here, 'unknownQuestion', { name: action.value });
            else if (action.value === question.name) add(here, 'gotoSelf', { name: action.value });
            break;
          case 'gotoEnding':
            if (!endings.has(action.value)) add(here, 'unknownEnding', { name: action.value });
            break;
          case 'setDuration':
            if (!(DURATION_CHOICES as readonly number[]).includes(action.value))
              add(here, 'durationChoice', { choices: DURATION_CHOICES.join(', ') });
            break;
          case 'setClientCount':
            break;
        }
      });
    });
  });
  return issues;
}

/** What is wrong with an answer value given for a question (its default, or a condition's value). */
function valueProblem(
  question: Question,
  value: string | number | undefined,
  kind: 'default' | 'value',
): { problem: QuestionnaireProblem; params: Record<string, string | number> } | null {
  if (value === undefined || (kind === 'default' && value === '')) return null;
  const params = { name: question.name };
  switch (question.type) {
    case 'select':
    case 'radio':
      if (question.options.length > 0 && !question.options.some((option) => option.value === String(value))) {
        return {
          problem: kind === 'default' ? 'defaultNotOption' : 'valueNotOption',
          params: { ...params, options: question.options.map((option) => option.value).join(', ') },
        };
      }
      return null;
    case 'number':
      return typeof value === 'number'
        ? null
        : { problem: kind === 'default' ? 'defaultNotNumber' : 'valueNotNumber', params };
    case 'date':
      return typeof value === 'string' && PLAIN_DATE.test(value)
        ? null
        : { problem: kind === 'default' ? 'defaultNotDate' : 'valueNotDate', params };
    case 'text':
      return null;
  }
}

// ---- issues of the shape (zod's) ----

function fromZodIssue(issue: z.core.$ZodIssue, data: unknown): QuestionnaireIssue {
  const path = issue.path.filter((part): part is string | number => typeof part !== 'symbol');
  const at = (problem: QuestionnaireProblem, params: Record<string, string | number> = {}) =>
    issueAt(path, problem, params, data);
  switch (issue.code) {
    case 'invalid_type':
      return valueAt(data, path) === undefined ? at('required') : at('invalidType', { expected: issue.expected });
    case 'too_small':
      if (issue.origin === 'string') return at('required');
      return issue.origin === 'array'
        ? at('tooFew', { minimum: Number(issue.minimum) })
        : at('tooSmall', { minimum: Number(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return at('tooLong', { maximum: Number(issue.maximum) });
      return issue.origin === 'array'
        ? at('tooMany', { maximum: Number(issue.maximum) })
        : at('tooBig', { maximum: Number(issue.maximum) });
    case 'invalid_value':
      return at('invalidValue', { allowed: issue.values.map(String).join(', ') });
    case 'invalid_union':
      return 'options' in issue && Array.isArray(issue.options)
        ? at('invalidValue', { allowed: issue.options.map(String).join(', ') })
        : at('invalidType', { expected: 'string or number' });
    case 'invalid_format':
      return at('invalidName');
    case 'unrecognized_keys':
      return at('unknownKeys', { keys: issue.keys.join(', ') });
    default:
      return at('invalidValue', { allowed: '' });
  }
}

function valueAt(data: unknown, path: readonly (string | number)[]): unknown {
  let current = data;
  for (const part of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[part];
  }
  return current;
}

// ---- where an issue is, and its English message ----

const nameAt = (data: unknown, list: 'questions' | 'endings', index: number): string | undefined => {
  const value = valueAt(data, [list, index, 'name']);
  return typeof value === 'string' && value !== '' ? value : undefined;
};

const parts = { options: 'option', rules: 'rule', conditions: 'condition', actions: 'action' } as const;

/** The question or ending a path is in, the numbered parts inside it, and the property at its end. */
export function locate(path: readonly (string | number)[], data: unknown): IssueLocation {
  const location: IssueLocation = {};
  const [list, index, ...rest] = path;
  if ((list === 'questions' || list === 'endings') && typeof index === 'number') {
    const where = { index, name: nameAt(data, list, index) };
    if (list === 'questions') location.question = where;
    else location.ending = where;
  } else {
    rest.unshift(...([list, index].filter((part) => part !== undefined) as (string | number)[]));
  }
  const field: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const part = rest[i]!;
    const next = rest[i + 1];
    if (typeof part === 'string' && Object.hasOwn(parts, part) && typeof next === 'number') {
      location[parts[part as keyof typeof parts]] = next;
      field.length = 0;
      i++;
    } else {
      field.push(String(part));
    }
  }
  if (field.length > 0) location.field = field.join('.');
  return location;
}

/** 'Question 3 “age”, rule 1, action 2 (value)': the location in English, counting from 1. */
export function describeLocation(location: IssueLocation): string {
  const words: string[] = [];
  const named = (kind: string, where: { index: number; name: string | undefined }) =>
    `${kind} ${where.index + 1}${where.name ? ` “${where.name}”` : ''}`;
  if (location.question) words.push(named('Question', location.question));
  if (location.ending) words.push(named('Ending', location.ending));
  if (location.option !== undefined) words.push(`option ${location.option + 1}`);
  if (location.rule !== undefined) words.push(`rule ${location.rule + 1}`);
  if (location.condition !== undefined) words.push(`condition ${location.condition + 1}`);
  if (location.action !== undefined) words.push(`action ${location.action + 1}`);
  const place = words.length > 0 ? words.join(', ') : 'The questionnaire';
  return location.field ? `${place} (${location.field})` : place;
}

const englishProblems: Record<QuestionnaireProblem, (params: Record<string, string | number>) => string> = {
  invalidJson: (p) => `is not valid JSON (${p.detail})`,
  required: () => 'is required',
  invalidType: (p) => `must be of type ${p.expected}`,
  invalidValue: (p) => `must be one of: ${p.allowed}`,
  invalidName: () => 'must be a name of letters, digits, - and _ that starts with a letter (at most 50 characters)',
  unknownKeys: (p) => `has unknown properties: ${p.keys}`,
  tooFew: (p) => `needs at least ${p.minimum}`,
  tooMany: (p) => `may have at most ${p.maximum}`,
  tooLong: (p) => `may have at most ${p.maximum} characters`,
  tooSmall: (p) => `must be at least ${p.minimum}`,
  tooBig: (p) => `must be at most ${p.maximum}`,
  duplicateName: (p) => `the name “${p.name}” is used twice`,
  optionsRequired: () => 'a select or radio question needs at least one option',
  optionsNotAllowed: (p) => `a ${p.type} question has no options`,
  duplicateOption: (p) => `the option value “${p.value}” is used twice`,
  defaultNotOption: (p) => `the default value must be one of the options of “${p.name}”: ${p.options}`,
  defaultNotNumber: () => 'the default value of a number question must be a number',
  defaultNotDate: () => 'the default value of a date question must be a date (YYYY-MM-DD)',
  unknownQuestion: (p) => `there is no question named “${p.name}”`,
  unknownEnding: (p) => `there is no ending named “${p.name}”`,
  gotoSelf: (p) => `a rule of “${p.name}” cannot go to “${p.name}” itself`,
  valueNotOption: (p) => `the value must be one of the options of “${p.name}”: ${p.options}`,
  valueNotNumber: (p) => `“${p.name}” is a number question: compare it with a number`,
  valueNotDate: (p) => `“${p.name}” is a date question: compare it with a date (YYYY-MM-DD)`,
  compareNeedsNumberOrDate: (p) => `gt and lt compare numbers or dates, and “${p.name}” is neither`,
  durationChoice: (p) => `the duration must be one of these numbers of seconds: ${p.choices}`,
};

function issueAt(
  path: (string | number)[],
  problem: QuestionnaireProblem,
  params: Record<string, string | number>,
  data: unknown,
): QuestionnaireIssue {
  const location = locate(path, data);
  return {
    path,
    problem,
    params,
    location,
    message: `${describeLocation(location)}: ${englishProblems[problem](params)}`,
  };
}
