import { DomainError } from '../shared/decider';

/** The client fields a calendar can ask for (§3 Client data entry), in form order. */
export const CLIENT_FIELDS = [
  'firstName',
  'lastName',
  'preferredName',
  'pronoun',
  'clientId',
  'dateOfBirth',
  'legalGuardian',
  'notGuardian',
  'authorized',
  'translationServices',
  'clientLanguage',
  'codes',
  'dose',
  'attendance',
  'room',
] as const;
export type ClientFieldName = (typeof CLIENT_FIELDS)[number];

/** Always on and required (§5 Field settings). */
export const ALWAYS_REQUIRED_FIELDS: readonly ClientFieldName[] = ['firstName', 'lastName'];
/** Filled by staff only: never on the self-booking page. */
export const ADMIN_FIELDS: readonly ClientFieldName[] = ['codes', 'dose', 'attendance', 'room'];

/**
 * Code groups (§3 Enumerations). The spec shows only a few codes; these lists are the unit's to extend.
 * 'All' is every code, from which a calendar picks its own.
 */
const GROUP_CODES = {
  GAK: ['7SBP', 'ANF', 'B-C', 'CC'],
  IMM: ['C19', 'FLU', 'HPV', 'MMR', 'TDAP'],
  TB: ['TBST', 'TBXR', 'TBRD'],
  YAC: ['YAC1', 'YAC2'],
  PSL: ['PSL1', 'PSL2'],
} as const;
export const CODE_GROUPS = ['All', 'GAK', 'IMM', 'TB', 'YAC', 'PSL'] as const;
export type CodeGroup = (typeof CODE_GROUPS)[number];

export const codesOf = (group: CodeGroup): string[] =>
  group === 'All' ? [...new Set(Object.values(GROUP_CODES).flat())].sort() : [...GROUP_CODES[group]];

/** A client field a calendar asks for (§3 Calendar `fields`); the codes field also names its group and codes. */
export interface CalendarField {
  name: ClientFieldName;
  required: boolean;
  category?: CodeGroup;
  options?: string[];
}

export const defaultFields = (): CalendarField[] => ALWAYS_REQUIRED_FIELDS.map((name) => ({ name, required: true }));

/**
 * §5 Field settings, applied: first and last name are always present and required, each field appears once in form
 * order, and the codes of a named group are that group's codes (a pick from 'All' keeps only known codes).
 */
export function normaliseFields(fields: CalendarField[]): CalendarField[] {
  const byName = new Map(fields.map((field) => [field.name, field]));
  return CLIENT_FIELDS.flatMap((name): CalendarField[] => {
    const field = byName.get(name);
    if (ALWAYS_REQUIRED_FIELDS.includes(name)) return [{ name, required: true }];
    if (!field) return [];
    if (name !== 'codes') return [{ name, required: field.required }];
    const category = field.category ?? 'All';
    const known = new Set(codesOf('All'));
    const options =
      category === 'All'
        ? [...new Set(field.options ?? [])].filter((code) => known.has(code)).sort()
        : codesOf(category);
    return [{ name, required: field.required, category, options }];
  });
}

export function fieldProblem(fields: CalendarField[]): DomainError | null {
  const codes = fields.find((field) => field.name === 'codes');
  if (codes && (codes.category ?? 'All') === 'All' && (codes.options ?? []).length === 0) {
    return new DomainError('VALIDATION_FAILED', 'Choose at least one code when the code category is All.', {
      field: 'fields.codes',
    });
  }
  return null;
}

/** The fields the public self-booking form may show: never the staff-only ones. */
export const selfBookingFields = (fields: CalendarField[]): CalendarField[] =>
  fields.filter((field) => !ADMIN_FIELDS.includes(field.name));
