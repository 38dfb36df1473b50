import type { TFunction } from 'i18next';
import type { IssueLocation, QuestionnaireIssue } from '../../../../../domain/services/questionnaire';

/**
 * The domain's questionnaire issues in the admin's language: where the issue is ('Question 3 “age”, rule 1,
 * action 2 (value)') and what is wrong, from the issue's stable code and parameters.
 */
export function issueLocationText(t: TFunction, location: IssueLocation): string {
  const words: string[] = [];
  const { question, ending } = location;
  if (question) {
    words.push(
      question.name
        ? t('serviceForm.questionnaire.where.questionNamed', { number: question.index + 1, name: question.name })
        : t('serviceForm.questionnaire.where.question', { number: question.index + 1 }),
    );
  }
  if (ending) {
    words.push(
      ending.name
        ? t('serviceForm.questionnaire.where.endingNamed', { number: ending.index + 1, name: ending.name })
        : t('serviceForm.questionnaire.where.ending', { number: ending.index + 1 }),
    );
  }
  for (const part of ['option', 'rule', 'condition', 'action'] as const) {
    const index = location[part];
    if (index !== undefined) words.push(t(`serviceForm.questionnaire.where.${part}`, { number: index + 1 }));
  }
  const where = words.length > 0 ? words.join(', ') : t('serviceForm.questionnaire.where.questionnaire');
  return location.field ? t('serviceForm.questionnaire.where.field', { where, field: location.field }) : where;
}

const typeKeys = {
  string: 'serviceForm.questionnaire.types.string',
  number: 'serviceForm.questionnaire.types.number',
  int: 'serviceForm.questionnaire.types.int',
  boolean: 'serviceForm.questionnaire.types.boolean',
  object: 'serviceForm.questionnaire.types.object',
  array: 'serviceForm.questionnaire.types.array',
  'string or number': 'serviceForm.questionnaire.types.string or number',
} as const;

export function issueProblemText(t: TFunction, issue: QuestionnaireIssue): string {
  const expected = issue.params.expected;
  const params =
    typeof expected === 'string' && Object.hasOwn(typeKeys, expected)
      ? { ...issue.params, expected: t(typeKeys[expected as keyof typeof typeKeys]) }
      : issue.params;
  return t(`serviceForm.questionnaire.problems.${issue.problem}`, params);
}

/** What 'Insert an example' puts in an empty questionnaire: two questions, rules of each kind and two endings. */
export const exampleQuestionnaire = {
  questions: [
    {
      name: 'forWhom',
      type: 'radio',
      label: { en: 'Who is the appointment for?', fr: 'Pour qui est le rendez-vous ?' },
      options: [
        { value: 'child', label: { en: 'My child', fr: 'Mon enfant' } },
        { value: 'family', label: { en: 'Several children of my family', fr: 'Plusieurs enfants de ma famille' } },
        { value: 'adult', label: { en: 'An adult', fr: 'Un adulte' } },
      ],
      defaultValue: 'child',
      rules: [
        {
          conditions: [{ questionName: 'forWhom', operator: 'eq', questionValue: 'adult' }],
          actions: [{ type: 'gotoEnding', value: 'adults' }],
          stop: true,
        },
        {
          conditions: [{ questionName: 'forWhom', operator: 'eq', questionValue: 'family' }],
          actions: [{ type: 'gotoQuestion', value: 'children' }],
          stop: true,
        },
        { conditions: [], actions: [{ type: 'gotoEnding', value: 'welcome' }] },
      ],
    },
    {
      name: 'children',
      type: 'number',
      label: { en: 'How many children?', fr: 'Combien d’enfants ?' },
      placeholder: { en: '2 to 4', fr: '2 à 4' },
      rules: [
        {
          conditions: [{ questionName: 'children', operator: 'gt', questionValue: 2 }],
          actions: [
            { type: 'setClientCount', value: 3 },
            { type: 'setDuration', value: 1800 },
            { type: 'gotoEnding', value: 'welcome' },
          ],
          stop: true,
        },
        {
          conditions: [],
          actions: [
            { type: 'setClientCount', value: 2 },
            { type: 'gotoEnding', value: 'welcome' },
          ],
        },
      ],
    },
  ],
  endings: [
    {
      name: 'welcome',
      header: { en: 'Please choose a clinic.', fr: 'Veuillez choisir une clinique.' },
      allowContinue: true,
    },
    {
      name: 'adults',
      header: { en: 'This service is for children.', fr: 'Ce service est destiné aux enfants.' },
      body: { en: 'Adults may call the health unit.', fr: 'Les adultes peuvent appeler le bureau de santé.' },
      allowContinue: false,
    },
  ],
};
