import type { ApiIssue } from '../../shared/errorMessages';
import { adminRoles, hasAnyRole } from '../../shared/currentUser';
import { failedPasswordRules, emailProblem } from '../auth';
import type { Role } from '../../shared/currentUser';
import type { User, UserBody } from './types';

/** The values the user form edits, and the pure rules of §5 "Users and passwords" over them. */
export interface UserFormValues {
  firstName: string;
  lastName: string;
  email: string;
  position: string;
  enabled: boolean;
  roles: Role[];
  password: string;
  /** The calendars a user without access to all of them may see (the Calendar Access tab). */
  calendarIds: number[];
}

export type UserField = 'firstName' | 'lastName' | 'email' | 'position' | 'roles' | 'password';
export const userFields: readonly UserField[] = ['firstName', 'lastName', 'email', 'position', 'roles', 'password'];

/** Translation keys of the problems found, by field. */
export type UserFormProblems = Partial<Record<UserField, ProblemKey>>;
type ProblemKey =
  | 'users.firstNameRequired'
  | 'users.lastNameRequired'
  | 'users.emailRequired'
  | 'auth.emailInvalid'
  | 'users.rolesRequired'
  | 'password.notAllRules'
  | 'users.invalidField'
  | 'errors.EMAIL_TAKEN';

export function initialValues(user: User | undefined): UserFormValues {
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    position: user?.position ?? '',
    enabled: user?.enabled ?? true,
    roles: user ? [...user.roles] : ['ROLE_USER'],
    password: '',
    calendarIds: user ? [...user.calendarIds] : [],
  };
}

/** Roles and password are a System Administrator's to set (§5, §6); others never see or send them. */
export function validateUser(values: UserFormValues, canSetRolesAndPassword: boolean): UserFormProblems {
  const problems: UserFormProblems = {};
  if (values.firstName.trim() === '') problems.firstName = 'users.firstNameRequired';
  if (values.lastName.trim() === '') problems.lastName = 'users.lastNameRequired';
  const email = emailProblem(values.email);
  if (email) problems.email = email === 'auth.emailMissing' ? 'users.emailRequired' : email;
  if (canSetRolesAndPassword && values.roles.length === 0) problems.roles = 'users.rolesRequired';
  if (canSetRolesAndPassword && values.password !== '' && failedPasswordRules(values.password).length > 0)
    problems.password = 'password.notAllRules';
  return problems;
}

/**
 * The body of POST /api/users or PUT /api/users/{id}. Category and location access is not edited here yet, so an
 * edit sends back what the user already has (leaving it out would clear it).
 */
export function toUserBody(values: UserFormValues, user: User | undefined, canSetRolesAndPassword: boolean): UserBody {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    position: values.position.trim(),
    enabled: values.enabled,
    calendarIds: values.calendarIds,
    categoryIds: user?.categoryIds ?? [],
    locationIds: user?.locationIds ?? [],
    ...(canSetRolesAndPassword ? { roles: values.roles } : {}),
    ...(canSetRolesAndPassword && values.password !== '' ? { password: values.password } : {}),
  };
}

/** The server's refusals shown on their fields: a taken e-mail (409) and zod issues (400) by path. */
export function problemsFromIssues(code: string | undefined, issues: readonly ApiIssue[]): UserFormProblems {
  const problems: UserFormProblems = {};
  // Other refusals (SELF_LOCKOUT, FORBIDDEN, ...) name a field too, but are said above the form in their own words.
  if (code !== 'VALIDATION_FAILED' && code !== 'EMAIL_TAKEN') return problems;
  for (const issue of issues) {
    const field = userFields.find((name) => name === issue.path[0]);
    if (!field || problems[field]) continue;
    if (code === 'EMAIL_TAKEN' && field === 'email') problems.email = 'errors.EMAIL_TAKEN';
    else if (field === 'password') problems.password = 'password.notAllRules';
    else problems[field] = 'users.invalidField';
  }
  if (code === 'EMAIL_TAKEN' && !problems.email) problems.email = 'errors.EMAIL_TAKEN';
  return problems;
}

/** Admins and System Administrators see every calendar: no Calendar Access tab for them. */
export function hasAllCalendars(roles: readonly Role[]): boolean {
  return hasAnyRole({ roles }, adminRoles);
}
