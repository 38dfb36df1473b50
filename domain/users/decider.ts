import { changedFields } from '../shared/changed-fields';
import { DomainError, assertNever, type Decider } from '../shared/decider';
import type {
  CompletePasswordReset,
  CreateUser,
  RequestPasswordReset,
  SetCalendarAccess,
  SignIn,
  UpdateUser,
  UserCommand,
} from './commands';
import type { UserEvent } from './events';
import {
  hasAdminRights,
  needsCalendars,
  SIGN_IN_CODE_MAX_TRIES,
  SIGN_IN_CODES_PER_WINDOW,
  SIGN_IN_CODE_WINDOW_MS,
  type Role,
  type UserAccess,
  type UserProfile,
} from './user';

interface Challenge {
  challengeId: string;
  codeDigest: string;
  expiresAt: string;
  failures: number;
  used: boolean;
}

interface Reset {
  resetId: string;
  codeDigest: string;
  expiresAt: string;
  used: boolean;
}

export type UserState =
  | { status: 'absent' }
  | {
      status: 'active';
      userId: number;
      profile: UserProfile;
      roles: Role[];
      enabled: boolean;
      access: UserAccess;
      passwordHash: string | null;
      challenge: Challenge | null;
      /** When the recent sign-in codes and reset links were sent (for the resend limits). */
      codesSentAt: string[];
      resetsSentAt: string[];
      reset: Reset | null;
    };

type ActiveUser = Extract<UserState, { status: 'active' }>;

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: { status: 'absent' },

  decide(command, state) {
    if (command.type === 'CreateUser') {
      if (state.status !== 'absent') throw new DomainError('USER_ALREADY_EXISTS', 'This user already exists.');
      return decideCreate(command);
    }
    if (state.status !== 'active') throw new DomainError('USER_NOT_FOUND', 'There is no such user.');
    switch (command.type) {
      case 'UpdateUser':
        return decideUpdate(command, state);
      case 'SetCalendarAccess':
        return decideCalendarAccess(command, state);
      case 'SignIn':
        return decideSignIn(command, state);
      case 'RequestPasswordReset':
        return decideResetRequest(command, state);
      case 'CompletePasswordReset':
        return decideResetCompletion(command, state);
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    if (event.type === 'UserCreated') {
      const { userId, profile, roles, enabled, access } = event.data;
      return {
        status: 'active',
        userId,
        profile,
        roles,
        enabled,
        access,
        passwordHash: null,
        challenge: null,
        codesSentAt: [],
        resetsSentAt: [],
        reset: null,
      };
    }
    if (state.status !== 'active') return state;
    switch (event.type) {
      case 'UserProfileChanged':
        return { ...state, profile: { ...state.profile, ...event.data.changes } };
      case 'UserRolesChanged':
        return { ...state, roles: event.data.roles };
      case 'UserEnabled':
        return { ...state, enabled: true };
      case 'UserDisabled':
        return { ...state, enabled: false };
      case 'UserAccessChanged':
        return { ...state, access: event.data.access };
      case 'UserPasswordSet':
        return { ...state, passwordHash: event.data.passwordHash };
      case 'SignInCodeIssued': {
        const { challengeId, codeDigest, expiresAt, at } = event.data;
        return {
          ...state,
          challenge: { challengeId, codeDigest, expiresAt, failures: 0, used: false },
          codesSentAt: [...state.codesSentAt, at].slice(-10),
        };
      }
      case 'SignInSucceeded':
        return state.challenge && state.challenge.challengeId === event.data.challengeId
          ? { ...state, challenge: { ...state.challenge, used: true } }
          : state;
      case 'SignInFailed':
        return event.data.reason === 'code' && state.challenge && state.challenge.challengeId === event.data.challengeId
          ? { ...state, challenge: { ...state.challenge, failures: state.challenge.failures + 1 } }
          : state;
      case 'PasswordResetRequested': {
        const { resetId, codeDigest, expiresAt, at } = event.data;
        return {
          ...state,
          reset: { resetId, codeDigest, expiresAt, used: false },
          resetsSentAt: [...state.resetsSentAt, at].slice(-10),
        };
      }
      case 'PasswordResetCompleted':
        return state.reset ? { ...state, reset: { ...state.reset, used: true } } : state;
      default:
        return assertNever(event);
    }
  },
};

function decideCreate({ data }: CreateUser): UserEvent[] {
  const { userId, profile, roles, enabled, access, passwordHash, passwordLink, now: at } = data;
  assertRoles(roles);
  const uniqueAccess = uniqueIds(access);
  assertCalendars(roles, uniqueAccess);
  if (passwordHash && passwordLink)
    throw new DomainError('VALIDATION_FAILED', 'Give a password or send a link, not both.', {
      field: 'sendPasswordLink',
    });
  const events: UserEvent[] = [
    { type: 'UserCreated', data: { userId, profile, roles: unique(roles), enabled, access: uniqueAccess, at } },
  ];
  if (passwordHash) events.push({ type: 'UserPasswordSet', data: { userId, passwordHash, reason: 'created', at } });
  else if (passwordLink) events.push({ type: 'PasswordResetRequested', data: { userId, at, ...passwordLink } });
  else
    throw new DomainError('PASSWORD_REQUIRED', 'Give a password, or choose to e-mail a link to set it.', {
      field: 'password',
    });
  return events;
}

function assertRoles(roles: readonly Role[]): void {
  if (roles.length === 0)
    throw new DomainError('VALIDATION_FAILED', 'A user needs at least one role.', { field: 'roles' });
}

/** §5: calendars are required unless the roles give access to all of them. */
function assertCalendars(roles: readonly Role[], access: UserAccess): void {
  if (needsCalendars(roles) && access.calendarIds.length === 0)
    throw new DomainError('CALENDARS_REQUIRED', 'Choose at least one calendar for this user.', {
      field: 'calendarIds',
    });
}

const uniqueIds = (access: UserAccess): UserAccess => ({
  calendarIds: unique(access.calendarIds),
  categoryIds: unique(access.categoryIds),
  locationIds: unique(access.locationIds),
});

function decideUpdate({ data }: UpdateUser, state: ActiveUser): UserEvent[] {
  const { userId, now: at } = data;
  const events: UserEvent[] = [];
  if (data.roles) assertRoles(data.roles);
  const access = uniqueIds(data.access);
  assertCalendars(data.roles ?? state.roles, access);
  const changes = changedFields(state.profile, data.profile);
  if (Object.keys(changes).length > 0) events.push({ type: 'UserProfileChanged', data: { userId, changes, at } });
  if (data.roles && !sameSet(data.roles, state.roles))
    events.push({ type: 'UserRolesChanged', data: { userId, roles: unique(data.roles), at } });
  if (data.enabled !== state.enabled)
    events.push({ type: data.enabled ? 'UserEnabled' : 'UserDisabled', data: { userId, at } });
  if (
    !sameSet(access.calendarIds, state.access.calendarIds) ||
    !sameSet(access.categoryIds, state.access.categoryIds) ||
    !sameSet(access.locationIds, state.access.locationIds)
  ) {
    events.push({ type: 'UserAccessChanged', data: { userId, access, at } });
  }
  if (data.passwordHash)
    events.push({ type: 'UserPasswordSet', data: { userId, passwordHash: data.passwordHash, reason: 'changed', at } });
  return events;
}

function decideCalendarAccess({ data }: SetCalendarAccess, state: ActiveUser): UserEvent[] {
  // Administrators see every calendar already; their list is left as it is.
  if (hasAdminRights(state.roles)) return [];
  const has = state.access.calendarIds.includes(data.calendarId);
  if (has === data.granted) return [];
  const calendarIds = data.granted
    ? [...state.access.calendarIds, data.calendarId]
    : state.access.calendarIds.filter((id) => id !== data.calendarId);
  return [
    {
      type: 'UserAccessChanged',
      data: { userId: state.userId, access: { ...state.access, calendarIds }, at: data.now },
    },
  ];
}

function decideSignIn({ data }: SignIn, state: ActiveUser): UserEvent[] {
  const base = { userId: state.userId, at: data.now, clientAddress: data.clientAddress };
  if (!data.passwordMatches)
    return [{ type: 'SignInFailed', data: { ...base, reason: 'password', challengeId: null } }];
  if (!state.enabled) return [{ type: 'SignInFailed', data: { ...base, reason: 'disabled', challengeId: null } }];
  if (data.twoFactor === 'off') return [{ type: 'SignInSucceeded', data: { ...base, challengeId: null } }];
  if (data.codeDigest === null) {
    const windowStart = Date.parse(data.now) - SIGN_IN_CODE_WINDOW_MS;
    const recent = state.codesSentAt.filter((sentAt) => Date.parse(sentAt) > windowStart).length;
    if (recent >= SIGN_IN_CODES_PER_WINDOW)
      return [{ type: 'SignInFailed', data: { ...base, reason: 'codes_exhausted', challengeId: null } }];
    return [{ type: 'SignInCodeIssued', data: { ...base, ...data.newChallenge } }];
  }
  const challenge = state.challenge;
  const usable =
    challenge &&
    !challenge.used &&
    Date.parse(data.now) < Date.parse(challenge.expiresAt) &&
    challenge.failures < SIGN_IN_CODE_MAX_TRIES;
  if (usable && challenge.codeDigest === data.codeDigest)
    return [{ type: 'SignInSucceeded', data: { ...base, challengeId: challenge.challengeId } }];
  return [{ type: 'SignInFailed', data: { ...base, reason: 'code', challengeId: challenge?.challengeId ?? null } }];
}

function decideResetRequest({ data }: RequestPasswordReset, state: ActiveUser): UserEvent[] {
  if (!state.enabled) return [];
  const windowStart = Date.parse(data.now) - SIGN_IN_CODE_WINDOW_MS;
  if (state.resetsSentAt.filter((sentAt) => Date.parse(sentAt) > windowStart).length >= SIGN_IN_CODES_PER_WINDOW)
    return [];
  const { resetId, codeDigest, expiresAt, now, clientAddress } = data;
  return [
    {
      type: 'PasswordResetRequested',
      data: { userId: state.userId, resetId, codeDigest, expiresAt, at: now, clientAddress },
    },
  ];
}

function decideResetCompletion({ data }: CompletePasswordReset, state: ActiveUser): UserEvent[] {
  const reset = state.reset;
  const valid =
    reset &&
    !reset.used &&
    state.enabled &&
    Date.parse(data.now) < Date.parse(reset.expiresAt) &&
    reset.codeDigest === data.codeDigest;
  if (!valid) throw new DomainError('INVALID_CODE', 'The password reset code is invalid.', { field: 'code' });
  const base = { userId: state.userId, at: data.now };
  return [
    { type: 'PasswordResetCompleted', data: { ...base, clientAddress: data.clientAddress, resetId: reset.resetId } },
    { type: 'UserPasswordSet', data: { ...base, passwordHash: data.passwordHash, reason: 'reset' } },
  ];
}

function sameSet<T>(a: readonly T[], b: readonly T[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((item) => right.has(item));
}

const unique = <T>(items: readonly T[]): T[] => [...new Set(items)];
