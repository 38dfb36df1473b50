import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseQuestionnaire, type Questionnaire } from '../../../domain/services/questionnaire';
import {
  answerQuestion,
  conditionHolds,
  firstPosition,
  isAnswered,
  settingsOf,
} from '../../../domain/services/questionnaire-rules';

/** §4.1 the questionnaire's rules: in order, all conditions, collected actions, stop, gotos, client count, duration. */
const test = suite('domain: questionnaire rules');

const bilingual = (en: string, fr: string) => ({ en, fr });

function questionnaire(): Questionnaire {
  const parsed = parseQuestionnaire(
    JSON.stringify({
      questions: [
        {
          name: 'forWhom',
          type: 'radio',
          label: bilingual('For whom?', 'Pour qui ?'),
          options: [
            { value: 'me', label: bilingual('Me', 'Moi') },
            { value: 'family', label: bilingual('My family', 'Ma famille') },
            { value: 'pet', label: bilingual('My pet', 'Mon animal') },
          ],
          rules: [
            {
              conditions: [{ questionName: 'forWhom', operator: 'eq', questionValue: 'pet' }],
              actions: [{ type: 'gotoEnding', value: 'noPets' }],
              stop: true,
            },
            {
              conditions: [{ questionName: 'forWhom', operator: 'eq', questionValue: 'family' }],
              actions: [{ type: 'gotoQuestion', value: 'howMany' }],
              stop: true,
            },
            {
              actions: [
                { type: 'setClientCount', value: 1 },
                { type: 'gotoQuestion', value: 'born' },
              ],
            },
          ],
        },
        {
          name: 'howMany',
          type: 'number',
          label: bilingual('How many?', 'Combien ?'),
          rules: [
            {
              conditions: [{ questionName: 'howMany', operator: 'gt', questionValue: 4 }],
              actions: [{ type: 'gotoEnding', value: 'tooMany' }],
              stop: true,
            },
            {
              conditions: [{ questionName: 'howMany', operator: 'eq', questionValue: 2 }],
              actions: [{ type: 'setClientCount', value: 2 }],
            },
            {
              conditions: [{ questionName: 'howMany', operator: 'eq', questionValue: 3 }],
              actions: [{ type: 'setClientCount', value: 3 }],
            },
            {
              conditions: [
                { questionName: 'forWhom', operator: 'eq', questionValue: 'family' },
                { questionName: 'howMany', operator: 'gt', questionValue: 2 },
              ],
              actions: [{ type: 'setDuration', value: 1800 }],
            },
          ],
        },
        {
          name: 'born',
          type: 'date',
          label: bilingual('Born on', 'Né le'),
          rules: [
            {
              conditions: [{ questionName: 'born', operator: 'lt', questionValue: '1960-01-01' }],
              actions: [
                { type: 'setDuration', value: 1200 },
                { type: 'gotoEnding', value: 'senior' },
              ],
            },
          ],
        },
        { name: 'notes', type: 'text', label: bilingual('Notes', 'Notes') },
      ],
      endings: [
        {
          name: 'noPets',
          header: bilingual('We do not see pets', 'Pas d’animaux'),
          body: bilingual('Call a vet.', 'Appelez un vétérinaire.'),
        },
        { name: 'tooMany', header: bilingual('Too many', 'Trop'), allowContinue: false },
        { name: 'senior', header: bilingual('Senior clinic', 'Clinique des aînés'), allowContinue: true },
      ],
    }),
  );
  if (!parsed) throw new Error('the test questionnaire is not valid');
  return parsed;
}

test('the questionnaire starts at its first question', () => {
  assert.equal(firstPosition(questionnaire()), { kind: 'question', name: 'forWhom' });
});

test('rules are tried in order and a stop ends the evaluation', () => {
  const outcome = answerQuestion(questionnaire(), 'forWhom', { forWhom: 'family' });
  assert.equal(
    outcome.actions,
    [{ type: 'gotoQuestion', value: 'howMany' }],
    'the rule without conditions after the stop is not reached',
  );
  assert.equal(outcome.next, { kind: 'question', name: 'howMany' });
});

test('a rule without conditions always holds and its actions are collected', () => {
  const outcome = answerQuestion(questionnaire(), 'forWhom', { forWhom: 'me' });
  assert.equal(outcome.actions, [
    { type: 'setClientCount', value: 1 },
    { type: 'gotoQuestion', value: 'born' },
  ]);
  assert.equal(outcome.next, { kind: 'question', name: 'born' });
});

test('gotoEnding goes to the ending, with whether it allows going on', () => {
  assert.equal(answerQuestion(questionnaire(), 'forWhom', { forWhom: 'pet' }).next, {
    kind: 'ending',
    name: 'noPets',
    allowContinue: false,
  });
  const senior = answerQuestion(questionnaire(), 'born', { forWhom: 'me', born: '1950-06-01' });
  assert.equal(senior.next, { kind: 'ending', name: 'senior', allowContinue: true });
  assert.equal(settingsOf([senior.actions]), { duration: 1200 });
});

test('numbers compare as numbers: gt stops before later rules, eq sets the client count', () => {
  const q = questionnaire();
  assert.equal(
    answerQuestion(q, 'howMany', { forWhom: 'family', howMany: '12' }).next,
    { kind: 'ending', name: 'tooMany', allowContinue: false },
    '12 > 4 as numbers, not as text',
  );
  const two = answerQuestion(q, 'howMany', { forWhom: 'family', howMany: '2' });
  assert.equal(two.actions, [{ type: 'setClientCount', value: 2 }]);
  assert.equal(two.next, { kind: 'question', name: 'born' }, 'without a goto the next question follows');
  const three = answerQuestion(q, 'howMany', { forWhom: 'family', howMany: 3 });
  assert.equal(settingsOf([three.actions]), { clientCount: 3, duration: 1800 }, 'every holding rule adds its actions');
});

test('every condition of a rule must hold', () => {
  const q = questionnaire();
  const family = answerQuestion(q, 'howMany', { forWhom: 'family', howMany: '3' });
  const self = answerQuestion(q, 'howMany', { forWhom: 'me', howMany: '3' });
  assert.ok(family.actions.some((action) => action.type === 'setDuration'));
  assert.not.ok(
    self.actions.some((action) => action.type === 'setDuration'),
    'forWhom is not family',
  );
});

test('dates compare as dates; lt on a later date does not hold', () => {
  const q = questionnaire();
  const young = answerQuestion(q, 'born', { born: '1990-02-03' });
  assert.equal(young.actions, []);
  assert.equal(young.next, { kind: 'question', name: 'notes' });
});

test('after the last question the questionnaire is finished', () => {
  assert.equal(answerQuestion(questionnaire(), 'notes', { notes: 'none' }).next, { kind: 'finished' });
});

test('an unanswered or unreadable answer fails every condition', () => {
  const q = questionnaire();
  const condition = { questionName: 'howMany', operator: 'gt', questionValue: 1 } as const;
  assert.not.ok(conditionHolds(q, condition, {}));
  assert.not.ok(conditionHolds(q, condition, { howMany: '' }));
  assert.not.ok(conditionHolds(q, condition, { howMany: 'many' }));
  assert.ok(conditionHolds(q, condition, { howMany: ' 2 ' }));
  assert.not.ok(conditionHolds(q, { questionName: 'nowhere', operator: 'eq', questionValue: 'x' }, { nowhere: 'x' }));
  assert.not.ok(isAnswered('  '));
  assert.ok(isAnswered(0));
});

test('the settings of the path taken: later actions win, none set leaves both unset', () => {
  assert.equal(settingsOf([]), {});
  assert.equal(
    settingsOf([
      [
        { type: 'setClientCount', value: 2 },
        { type: 'setDuration', value: 1800 },
      ],
      [{ type: 'gotoQuestion', value: 'x' }],
      [{ type: 'setClientCount', value: 4 }],
    ]),
    { clientCount: 4, duration: 1800 },
  );
});

test('of several gotos collected, the last one leads', () => {
  const q = questionnaire();
  const parsed = {
    ...q,
    questions: q.questions.map((question) =>
      question.name === 'notes'
        ? {
            ...question,
            rules: [
              { conditions: [], stop: false, actions: [{ type: 'gotoQuestion' as const, value: 'howMany' }] },
              { conditions: [], stop: false, actions: [{ type: 'gotoEnding' as const, value: 'senior' }] },
            ],
          }
        : question,
    ),
  };
  assert.equal(answerQuestion(parsed, 'notes', { notes: 'x' }).next, {
    kind: 'ending',
    name: 'senior',
    allowContinue: true,
  });
});

test.run();
