import type { TFunction } from 'i18next';
import type { ApiIssue } from '../../shared/errorMessages';
import type { Template, TemplateBody } from './types';

/** The values the e-mail template form edits (§3 Email template): every one required (§5). */
export type TemplateFormValues = TemplateBody;
export type TemplateField = keyof TemplateFormValues;
export const templateFields: readonly TemplateField[] = [
  'name',
  'fromEmail',
  'fromName',
  'fromNameFr',
  'subject',
  'subjectFr',
  'body',
  'bodyFr',
];

/** What a body may contain, replaced for each appointment when the mail is sent. */
export const templatePlaceholders = [
  'clientName',
  'date',
  'time',
  'location',
  'confirmationCode',
  'manageLink',
] as const;

type ProblemKey =
  | 'templates.nameRequired'
  | 'templates.fromEmailRequired'
  | 'templates.fromEmailInvalid'
  | 'templates.fromNameRequired'
  | 'templates.fromNameFrRequired'
  | 'templates.subjectRequired'
  | 'templates.subjectFrRequired'
  | 'templates.bodyRequired'
  | 'templates.bodyFrRequired'
  | 'templates.invalidField';
/** Translation keys of the problems found, by field. */
export type TemplateFormProblems = Partial<Record<TemplateField, ProblemKey>>;

const requiredKeys: Record<TemplateField, ProblemKey> = {
  name: 'templates.nameRequired',
  fromEmail: 'templates.fromEmailRequired',
  fromName: 'templates.fromNameRequired',
  fromNameFr: 'templates.fromNameFrRequired',
  subject: 'templates.subjectRequired',
  subjectFr: 'templates.subjectFrRequired',
  body: 'templates.bodyRequired',
  bodyFr: 'templates.bodyFrRequired',
};

/**
 * An existing template's values, or a new one's: the sender name and subject are preset (§3), each in its own
 * language whatever the admin's language (`en` and `fr` are the fixed translators of the two languages).
 */
export function initialValues(template: Template | undefined, en: TFunction, fr: TFunction): TemplateFormValues {
  if (template) {
    const { name, fromEmail, fromName, fromNameFr, subject, subjectFr, body, bodyFr } = template;
    return { name, fromEmail, fromName, fromNameFr, subject, subjectFr, body, bodyFr };
  }
  return {
    name: '',
    fromEmail: '',
    fromName: en('templates.defaultFromName'),
    fromNameFr: fr('templates.defaultFromName'),
    subject: en('templates.defaultSubject'),
    subjectFr: fr('templates.defaultSubject'),
    body: '',
    bodyFr: '',
  };
}

export function validateTemplate(values: TemplateFormValues): TemplateFormProblems {
  const problems: TemplateFormProblems = {};
  for (const field of templateFields) if (values[field].trim() === '') problems[field] = requiredKeys[field];
  const email = values.fromEmail.trim();
  if (email !== '' && (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 180))
    problems.fromEmail = 'templates.fromEmailInvalid';
  return problems;
}

/** The body of POST /api/templates or PUT /api/templates/{id}: single-line fields trimmed, bodies as typed. */
export function toTemplateBody(values: TemplateFormValues): TemplateBody {
  return {
    name: values.name.trim(),
    fromEmail: values.fromEmail.trim(),
    fromName: values.fromName.trim(),
    fromNameFr: values.fromNameFr.trim(),
    subject: values.subject.trim(),
    subjectFr: values.subjectFr.trim(),
    body: values.body,
    bodyFr: values.bodyFr,
  };
}

/** The server's zod issues (400) shown on their fields; other refusals are said above the form. */
export function problemsFromIssues(code: string | undefined, issues: readonly ApiIssue[]): TemplateFormProblems {
  const problems: TemplateFormProblems = {};
  if (code !== 'VALIDATION_FAILED') return problems;
  for (const issue of issues) {
    const field = templateFields.find((name) => name === issue.path[0]);
    if (field && !problems[field])
      problems[field] = field === 'fromEmail' ? 'templates.fromEmailInvalid' : 'templates.invalidField';
  }
  return problems;
}
