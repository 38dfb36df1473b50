import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { hasQuestionnaire, parseQuestionnaire, questionnaireIssues } from '../../../domain/services/questionnaire';

/** §3 "Service questionnaire JSON": what a valid questionnaire is, and issues that point at their question or rule. */
const bilingual = (en: string, fr: string) => ({ en, fr });
/** Loosely typed on purpose: the tests break it in every way. */
const valid = (): any => ({
  questions: [
    {
      name: 'forWhom',
      type: 'radio',
      label: bilingual('Who is the appointment for?', 'Pour qui est le rendez-vous ?'),
      options: [
        { value: 'me', label: bilingual('Me', 'Moi') },
        { value: 'family', label: bilingual('My family', 'Ma famille') },
      ],
      defaultValue: 'me',
      rules: [
        {
          conditions: [{ questionName: 'forWhom', operator: 'eq', questionValue: 'family' }],
          actions: [{ type: 'gotoQuestion', value: 'howMany' }],
          stop: true,
        },
        { conditions: [], actions: [{ type: 'gotoQuestion', value: 'age' }] },
      ],
    },
    {
      name: 'howMany',
      type: 'number',
      label: bilingual('How many people?', 'Combien de personnes ?'),
      placeholder: bilingual('2 to 10', '2 à 10'),
      rules: [
        {
          conditions: [{ questionName: 'howMany', operator: 'gt', questionValue: 4 }],
          actions: [
            { type: 'setClientCount', value: 4 },
            { type: 'setDuration', value: 3600 },
          ],
          stop: true,
        },
        {
          actions: [
            { type: 'setDuration', value: 1800 },
            { type: 'gotoQuestion', value: 'age' },
          ],
        },
      ],
    },
    {
      name: 'age',
      type: 'select',
      label: bilingual('Age group', "Groupe d'âge"),
      options: [
        { value: 'child', label: bilingual('Child', 'Enfant') },
        { value: 'adult', label: bilingual('Adult', 'Adulte') },
      ],
      rules: [
        {
          conditions: [{ questionName: 'age', operator: 'eq', questionValue: 'adult' }],
          actions: [{ type: 'gotoEnding', value: 'adults' }],
        },
      ],
    },
  ],
  endings: [
    {
      name: 'adults',
      header: bilingual('Adults book elsewhere', 'Les adultes réservent ailleurs'),
      body: bilingual('Call us.', 'Appelez-nous.'),
    },
  ],
});
type Questionnaire = any;
const issuesOf = (change: (questionnaire: Questionnaire) => void) => {
  const questionnaire = valid();
  change(questionnaire);
  return questionnaireIssues(JSON.stringify(questionnaire, null, 2));
};

const test = suite('services: questionnaire JSON');

test('no questionnaire: empty text, [] or {} (2 characters or fewer, §4.1)', () => {
  for (const text of ['', '  ', '[]', '{}', ' {} ']) {
    assert.is(hasQuestionnaire(text), false, text);
    assert.equal(questionnaireIssues(text), []);
    assert.is(parseQuestionnaire(text), null);
  }
});

test('a valid questionnaire has no issues and parses with its defaults', () => {
  assert.equal(questionnaireIssues(JSON.stringify(valid())), []);
  const parsed = parseQuestionnaire(JSON.stringify(valid()))!;
  assert.is(parsed.questions.length, 3);
  assert.equal(parsed.questions[2]!.placeholder, { en: '', fr: '' });
  assert.is(parsed.questions[1]!.rules[1]!.stop, false);
  assert.equal(parsed.questions[1]!.rules[1]!.conditions, []);
  assert.is(parsed.endings[0]!.allowContinue, false);
});

test('text that is not JSON is one issue about the whole questionnaire', () => {
  const [issue, ...rest] = questionnaireIssues('{"questions": [}');
  assert.equal(rest, []);
  assert.is(issue!.problem, 'invalidJson');
  assert.equal(issue!.path, []);
  assert.match(issue!.message, /^The questionnaire: is not valid JSON/);
});

test('a wrong action value points at the action of its rule, naming the question', () => {
  const issues = issuesOf((q) => {
    q.questions[1]!.rules[0]!.actions[1]!.value = 700;
  });
  assert.is(issues.length, 1);
  assert.equal(issues[0]!.path, ['questions', 1, 'rules', 0, 'actions', 1, 'value']);
  assert.is(issues[0]!.problem, 'durationChoice');
  assert.equal(issues[0]!.location, { question: { index: 1, name: 'howMany' }, rule: 0, action: 1, field: 'value' });
  assert.match(issues[0]!.message, /^Question 2 “howMany”, rule 1, action 2 \(value\): the duration must be one of/);
});

test('a client count outside 1 to 10 and an unknown action type are shape issues at their action', () => {
  const issues = issuesOf((q) => {
    q.questions[1]!.rules[0]!.actions[0]!.value = 11;
    (q.questions[2]!.rules[0]!.actions[0] as { type: string }).type = 'jump';
  });
  assert.equal(
    issues.map((issue) => [issue.path.join('.'), issue.problem]),
    [
      ['questions.1.rules.0.actions.0.value', 'tooBig'],
      ['questions.2.rules.0.actions.0.type', 'invalidValue'],
    ],
  );
  assert.match(
    issues[1]!.message,
    /Question 3 “age”, rule 1, action 1 \(type\): must be one of: gotoQuestion, gotoEnding, setClientCount, setDuration/,
  );
});

test('references must name existing questions and endings', () => {
  const issues = issuesOf((q) => {
    q.questions[0]!.rules[1]!.actions[0]!.value = 'agee';
    q.questions[2]!.rules[0]!.actions[0]!.value = 'seniors';
    q.questions[0]!.rules[0]!.conditions[0]!.questionName = 'who';
  });
  assert.equal(
    issues.map((issue) => [issue.path.join('.'), issue.problem, issue.params.name]),
    [
      ['questions.0.rules.0.conditions.0.questionName', 'unknownQuestion', 'who'],
      ['questions.0.rules.1.actions.0.value', 'unknownQuestion', 'agee'],
      ['questions.2.rules.0.actions.0.value', 'unknownEnding', 'seniors'],
    ],
  );
  assert.match(
    issues[0]!.message,
    /^Question 1 “forWhom”, rule 1, condition 1 \(questionName\): there is no question named “who”$/,
  );
});

test('a question cannot go to itself, and names are unique', () => {
  const issues = issuesOf((q) => {
    q.questions[1]!.rules[1]!.actions[1]!.value = 'howMany';
    q.questions[2]!.name = 'forWhom';
  });
  assert.equal(
    issues.map((issue) => [issue.path.join('.'), issue.problem]),
    [
      ['questions.2.name', 'duplicateName'],
      // 'age' is gone with its name
      ['questions.0.rules.1.actions.0.value', 'unknownQuestion'],
      ['questions.1.rules.1.actions.1.value', 'gotoSelf'],
      ['questions.2.rules.0.conditions.0.questionName', 'unknownQuestion'],
    ],
  );
});

test('conditions match the type of the question they test', () => {
  const issues = issuesOf((q) => {
    q.questions[0]!.rules[0]!.conditions[0]!.questionValue = 'friends';
    (q.questions[1]!.rules[0]!.conditions[0] as { questionValue: unknown }).questionValue = 'four';
    q.questions[2]!.rules[0]!.conditions[0]!.operator = 'gt';
  });
  assert.equal(
    issues.map((issue) => [issue.path.join('.'), issue.problem]),
    [
      ['questions.0.rules.0.conditions.0.questionValue', 'valueNotOption'],
      ['questions.1.rules.0.conditions.0.questionValue', 'valueNotNumber'],
      ['questions.2.rules.0.conditions.0.operator', 'compareNeedsNumberOrDate'],
    ],
  );
});

test('options: required for select and radio, unique, and the default one of them', () => {
  const issues = issuesOf((q) => {
    q.questions[2]!.options = [];
    q.questions[2]!.rules = [];
    q.questions[0]!.options[1]!.value = 'me';
    q.questions[0]!.rules = [];
    q.questions[0]!.defaultValue = 'us';
    (q.questions[1] as { options?: unknown }).options = [{ value: 'x', label: bilingual('X', 'X') }];
  });
  assert.equal(
    issues.map((issue) => [issue.path.join('.'), issue.problem]),
    [
      ['questions.0.options.1.value', 'duplicateOption'],
      ['questions.0.defaultValue', 'defaultNotOption'],
      ['questions.1.options', 'optionsNotAllowed'],
      ['questions.2.options', 'optionsRequired'],
    ],
  );
});

test('labels and ending headers are required in both languages; unknown properties are refused', () => {
  const issues = issuesOf((q) => {
    q.questions[1]!.label.fr = ' ';
    (q.endings[0]!.header as { fr?: string }).fr = undefined;
    (q.questions[0] as Record<string, unknown>).lable = 'typo';
  });
  assert.equal(
    issues.map((issue) => [issue.path.join('.'), issue.problem]).sort(),
    [
      ['endings.0.header.fr', 'required'],
      ['questions.0', 'unknownKeys'],
      ['questions.1.label.fr', 'required'],
    ].sort(),
  );
  const ending = issues.find((issue) => issue.path[0] === 'endings')!;
  assert.is(ending.message, 'Ending 1 “adults” (header.fr): is required');
});

test('a questionnaire needs at least one question, and is an object', () => {
  assert.equal(
    questionnaireIssues('{"questions": []}').map((issue) => [issue.path.join('.'), issue.problem]),
    [['questions', 'tooFew']],
  );
  assert.equal(
    questionnaireIssues('[1, 2]').map((issue) => [issue.path.join('.'), issue.problem]),
    [['', 'invalidType']],
  );
});

test.run();
