import type { ApiIssue } from '../../shared/errorMessages';
import type { Category, CategoryBody } from './types';

/** The values the category form edits, and the rule of §5 "Other forms" over them (name required). */
export interface CategoryFormValues {
  name: string;
  isDefault: boolean;
}

export type CategoryField = keyof CategoryFormValues;
export const categoryFields: readonly CategoryField[] = ['name', 'isDefault'];

type ProblemKey = 'categories.nameRequired' | 'categories.invalidField';
/** Translation keys of the problems found, by field. */
export type CategoryFormProblems = Partial<Record<CategoryField, ProblemKey>>;

export function initialValues(category: Category | undefined): CategoryFormValues {
  return { name: category?.name ?? '', isDefault: category?.isDefault ?? false };
}

export function validateCategory(values: CategoryFormValues): CategoryFormProblems {
  return values.name.trim() === '' ? { name: 'categories.nameRequired' } : {};
}

export function toCategoryBody(values: CategoryFormValues): CategoryBody {
  return { name: values.name.trim(), isDefault: values.isDefault };
}

/** The server's zod issues (400) shown on their fields; other refusals are said above the form. */
export function problemsFromIssues(code: string | undefined, issues: readonly ApiIssue[]): CategoryFormProblems {
  const problems: CategoryFormProblems = {};
  if (code !== 'VALIDATION_FAILED') return problems;
  for (const issue of issues) {
    const field = categoryFields.find((name) => name === issue.path[0]);
    if (field && !problems[field]) problems[field] = 'categories.invalidField';
  }
  return problems;
}
