import { needsCalendars } from '../../../../domain/users/user';
import type { ApiIssue } from '../../shared/errorMessages';
import { adminRoles, hasAnyRole } from '../../shared/currentUser';
import { failedPasswordRules, emailProblem } from '../auth';
import type { Role } from '../../shared/currentUser';
import type { User, UserBody, UserCreateBody } from './types';

/** The values the user form edits, and the pure rules of §5 "Users and passwords" over them. */
export interface UserFormValues {
  firstName: string;
  lastName: string;
  email: string;
  position: string;
  enabled: boolean;
  roles: Role[];
  password: string;
  /** On create (§5): set a password now, or e-mail the user a link to set it (the only choice of a non-root). */
  passwordChoice: PasswordChoice;
  /** The calendars, categories and locations a user without access to all calendars may see (§3; Calendar Access tab). */
  calendarIds: number[];
  categoryIds: number[];
  locationIds: number[];
}

export type PasswordChoice = 'set' | 'link';

export type UserField = 'firstName' | 'lastName' | 'email' | 'position' | 'roles' | 'password' | 'calendarIds';
export const userFields: readonly UserField[] = [
  'firstName',
  'lastName',
  'email',
  'position',
  'roles',
  'password',
  'calendarIds',
];
/** The fields of the Calendar Access tab; the others are on General. */
export const accessFields: readonly UserField[] = ['calendarIds'];

/** Translation keys of the problems found, by field. */
export type UserFormProblems = Partial<Record<UserField, ProblemKey>>;
type ProblemKey =
  | 'users.firstNameRequired'
  | 'users.lastNameRequired'
  | 'users.emailRequired'
  | 'auth.emailInvalid'
  | 'users.rolesRequired'
  | 'users.passwordRequired'
  | 'users.calendarsRequired'
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
    passwordChoice: 'set',
    calendarIds: user ? [...user.calendarIds] : [],
    categoryIds: user ? [...user.categoryIds] : [],
    locationIds: user ? [...user.locationIds] : [],
  };
}

/** Whether the new user gets the e-mailed link: a non-root may not set a password, so for them it is the link. */
export const sendsPasswordLink = (values: UserFormValues, canSetRolesAndPassword: boolean): boolean =>
  !canSetRolesAndPassword || values.passwordChoice === 'link';

/**
 * §5: roles and password are a System Administrator's to set (§6); others never see or send them. A password is
 * required on create unless the link is chosen; calendars unless the user has access to all of them.
 */
export function validateUser(
  values: UserFormValues,
  {
    canSetRolesAndPassword,
    isNew,
    allCalendars,
  }: { canSetRolesAndPassword: boolean; isNew: boolean; allCalendars: boolean },
): UserFormProblems {
  const problems: UserFormProblems = {};
  if (values.firstName.trim() === '') problems.firstName = 'users.firstNameRequired';
  if (values.lastName.trim() === '') problems.lastName = 'users.lastNameRequired';
  const email = emailProblem(values.email);
  if (email) problems.email = email === 'auth.emailMissing' ? 'users.emailRequired' : email;
  if (canSetRolesAndPassword && values.roles.length === 0) problems.roles = 'users.rolesRequired';
  const settingPassword = canSetRolesAndPassword && !(isNew && values.passwordChoice === 'link');
  if (settingPassword && isNew && values.password === '') problems.password = 'users.passwordRequired';
  else if (settingPassword && values.password !== '' && failedPasswordRules(values.password).length > 0)
    problems.password = 'password.notAllRules';
  if (!allCalendars && needsCalendars(values.roles) && values.calendarIds.length === 0)
    problems.calendarIds = 'users.calendarsRequired';
  return problems;
}

/** The body of PUT /api/users/{id}, and of POST with `toNewUserBody`. */
export function toUserBody(values: UserFormValues, canSetRolesAndPassword: boolean): UserBody {
  const settingPassword = canSetRolesAndPassword && values.password !== '';
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    position: values.position.trim(),
    enabled: values.enabled,
    calendarIds: values.calendarIds,
    categoryIds: values.categoryIds,
    locationIds: values.locationIds,
    ...(canSetRolesAndPassword ? { roles: values.roles } : {}),
    ...(settingPassword ? { password: values.password } : {}),
  };
}

/** POST /api/users: the fields, and either the password or the explicit choice to e-mail the link (§5). */
export function toNewUserBody(values: UserFormValues, canSetRolesAndPassword: boolean): UserCreateBody {
  const body = toUserBody(values, canSetRolesAndPassword);
  if (!sendsPasswordLink(values, canSetRolesAndPassword)) return body;
  const { password: _none, ...withoutPassword } = body;
  return { ...withoutPassword, sendPasswordLink: true };
}

/** The server's refusals shown on their fields: a taken e-mail (409) and zod issues (400) by path. */
export function problemsFromIssues(code: string | undefined, issues: readonly ApiIssue[]): UserFormProblems {
  const problems: UserFormProblems = {};
  if (code === 'PASSWORD_REQUIRED') return { password: 'users.passwordRequired' };
  if (code === 'CALENDARS_REQUIRED') return { calendarIds: 'users.calendarsRequired' };
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
