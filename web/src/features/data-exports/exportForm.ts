import { latestExportEnd } from '../../../../domain/data-exports/data-export';
import { isPlainDate } from '../../../../domain/shared/plain-date';
import type { ApiIssue } from '../../shared/errorMessages';
import type { DataExportBody } from './types';

export type ExportField = keyof DataExportBody;
const exportFields: readonly ExportField[] = ['startDate', 'endDate'];

type ProblemKey =
  'dataExports.dateRequired' | 'dataExports.dateInvalid' | 'dataExports.rangeReversed' | 'dataExports.rangeTooLong';
/** Translation keys of the problems found, by field. */
export type ExportProblems = Partial<Record<ExportField, ProblemKey>>;

/** §5 "Data export: start and end dates required", and the range the server takes (at most a year). */
export function validateExport({ startDate, endDate }: DataExportBody): ExportProblems {
  const problems: ExportProblems = {};
  for (const [field, value] of [
    ['startDate', startDate],
    ['endDate', endDate],
  ] as const) {
    if (value === '') problems[field] = 'dataExports.dateRequired';
    else if (!isPlainDate(value)) problems[field] = 'dataExports.dateInvalid';
  }
  if (Object.keys(problems).length > 0) return problems;
  if (endDate < startDate) return { endDate: 'dataExports.rangeReversed' };
  if (endDate > latestExportEnd(startDate)) return { endDate: 'dataExports.rangeTooLong' };
  return problems;
}

const problemOfCode: Record<string, ProblemKey> = {
  VALIDATION_FAILED: 'dataExports.dateInvalid',
  EXPORT_RANGE_REVERSED: 'dataExports.rangeReversed',
  EXPORT_RANGE_TOO_LONG: 'dataExports.rangeTooLong',
};

/** The server's refusal shown on the field it names; a refusal about no field is said above the form. */
export function problemsFromIssues(code: string | undefined, issues: readonly ApiIssue[]): ExportProblems {
  const problems: ExportProblems = {};
  const problem = code === undefined ? undefined : problemOfCode[code];
  if (!problem) return problems;
  for (const issue of issues) {
    const field = exportFields.find((name) => name === issue.path[0]);
    if (field && !problems[field]) problems[field] = problem;
  }
  return problems;
}
