import { suite } from 'uvu';
import type {
  CompletePasswordReset,
  CreateUser,
  RequestPasswordReset,
  SignIn,
  UpdateUser,
} from '../../../domain/users/commands';
import { userDecider } from '../../../domain/users/decider';
import type { UserEvent } from '../../../domain/users/events';
import type { UserAccess, UserProfile } from '../../../domain/users/user';
import { scenario } from '../../support/given-when-then';

const { given } = scenario(userDecider);

const userId = 7;
const clientAddress = '203.0.113.9';
const now = '2026-11-22T15:00:00.000Z';
/** Fixed instants after `now`, named by how many minutes later they are. */
const min1 = '2026-11-22T15:01:00.000Z';
const min2 = '2026-11-22T15:02:00.000Z';
const min5 = '2026-11-22T15:05:00.000Z';
const min9 = '2026-11-22T15:09:00.000Z';
const min10 = '2026-11-22T15:10:00.000Z';
const min11 = '2026-11-22T15:11:00.000Z';
const min14 = '2026-11-22T15:14:00.000Z';
const min16 = '2026-11-22T15:16:00.000Z';
const min20 = '2026-11-22T15:20:00.000Z';
const min26 = '2026-11-22T15:26:00.000Z';
const hour1 = '2026-11-22T16:00:00.000Z';
const hour2 = '2026-11-22T17:00:00.000Z';

const profile: UserProfile = { email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace', position: 'Nurse' };
const access: UserAccess = { calendarIds: [1, 2], categoryIds: [3], locationIds: [4, 5] };

const created: UserEvent = {
  type: 'UserCreated',
  data: { userId, profile, roles: ['ROLE_USER'], enabled: true, access, at: now },
};
const passwordSet: UserEvent = {
  type: 'UserPasswordSet',
  data: { userId, passwordHash: '$2b$10$created', reason: 'created', at: now },
};
const disabled: UserEvent = { type: 'UserDisabled', data: { userId, at: now } };

const create = (overrides: Partial<CreateUser['data']> = {}): CreateUser => ({
  type: 'CreateUser',
  data: {
    userId,
    profile,
    roles: ['ROLE_USER'],
    enabled: true,
    access,
    passwordHash: '$2b$10$created',
    passwordLink: null,
    now,
    ...overrides,
  },
});
const update = (overrides: Partial<UpdateUser['data']> = {}): UpdateUser => ({
  type: 'UpdateUser',
  data: { userId, profile, enabled: true, access, now: min5, ...overrides },
});

/** A challenge as the command carries it, with the code digest `digest-<id>`. */
const challenge = (challengeId: string, expiresAt: string) => ({
  challengeId,
  codeDigest: `digest-${challengeId}`,
  expiresAt,
});
const signIn = (overrides: Partial<SignIn['data']> = {}): SignIn => ({
  type: 'SignIn',
  data: {
    userId,
    now: min1,
    clientAddress,
    passwordMatches: true,
    twoFactor: 'email',
    codeDigest: null,
    newChallenge: challenge('c-new', min11),
    ...overrides,
  },
});
const codeIssued = (challengeId: string, at: string, expiresAt: string): UserEvent => ({
  type: 'SignInCodeIssued',
  data: { userId, at, clientAddress, ...challenge(challengeId, expiresAt) },
});
const codeFailed = (challengeId: string | null, at: string): UserEvent => ({
  type: 'SignInFailed',
  data: { userId, at, clientAddress, reason: 'code', challengeId },
});
const fiveWrongCodes = (challengeId: string): UserEvent[] =>
  [min1, min2, min5, min5, min9].map((at) => codeFailed(challengeId, at));

const requestReset = (overrides: Partial<RequestPasswordReset['data']> = {}): RequestPasswordReset => ({
  type: 'RequestPasswordReset',
  data: {
    userId,
    now: min1,
    clientAddress,
    resetId: 'r-new',
    codeDigest: 'reset-digest-new',
    expiresAt: hour2,
    ...overrides,
  },
});
const resetRequested = (resetId: string, at: string, expiresAt: string): UserEvent => ({
  type: 'PasswordResetRequested',
  data: { userId, at, clientAddress, resetId, codeDigest: `reset-digest-${resetId}`, expiresAt },
});
const completeReset = (overrides: Partial<CompletePasswordReset['data']> = {}): CompletePasswordReset => ({
  type: 'CompletePasswordReset',
  data: {
    userId,
    now: min20,
    clientAddress,
    codeDigest: 'reset-digest-r1',
    passwordHash: '$2b$10$reset',
    ...overrides,
  },
});

// ---------------------------------------------------------------------------------------------------------------

const absent = suite('users decider: no user yet');
absent('CreateUser records the user and its initial password', () => {
  given()
    .when(create())
    .then(
      { type: 'UserCreated', data: { userId, profile, roles: ['ROLE_USER'], enabled: true, access, at: now } },
      { type: 'UserPasswordSet', data: { userId, passwordHash: '$2b$10$created', reason: 'created', at: now } },
    );
});
absent('CreateUser with the choice to e-mail a link records the user and the link, no password', () => {
  const passwordLink = { resetId: 'r-link', codeDigest: 'reset-digest-link', expiresAt: hour2, clientAddress };
  given()
    .when(create({ passwordHash: null, passwordLink, roles: ['ROLE_ADMIN', 'ROLE_FRONTEND'], enabled: false }))
    .then(
      {
        type: 'UserCreated',
        data: { userId, profile, roles: ['ROLE_ADMIN', 'ROLE_FRONTEND'], enabled: false, access, at: now },
      },
      { type: 'PasswordResetRequested', data: { userId, at: now, ...passwordLink } },
    );
});
absent('CreateUser with neither a password nor the link choice is refused: PASSWORD_REQUIRED (§5)', () => {
  given()
    .when(create({ passwordHash: null }))
    .thenRefused('PASSWORD_REQUIRED');
});
absent('CreateUser with both a password and the link choice is refused', () => {
  const passwordLink = { resetId: 'r-link', codeDigest: 'reset-digest-link', expiresAt: hour2, clientAddress };
  given().when(create({ passwordLink })).thenRefused('VALIDATION_FAILED');
});
absent('CreateUser without calendars is refused unless the roles give access to all calendars (§5)', () => {
  const noCalendars: UserAccess = { calendarIds: [], categoryIds: [3], locationIds: [] };
  for (const roles of [['ROLE_USER'], ['ROLE_FRONTEND'], ['ROLE_FRONTEND', 'ROLE_USER']] as const)
    given()
      .when(create({ roles: [...roles], access: noCalendars }))
      .thenRefused('CALENDARS_REQUIRED');
  for (const roles of [['ROLE_ADMIN'], ['ROLE_ROOT'], ['ROLE_ADMIN', 'ROLE_USER']] as const)
    given()
      .when(create({ roles: [...roles], access: noCalendars }))
      .then(
        {
          type: 'UserCreated',
          data: { userId, profile, roles: [...roles], enabled: true, access: noCalendars, at: now },
        },
        { type: 'UserPasswordSet', data: { userId, passwordHash: '$2b$10$created', reason: 'created', at: now } },
      );
});
absent('CreateUser keeps category and location access, without repeats', () => {
  given()
    .when(create({ access: { calendarIds: [1, 2], categoryIds: [3, 3, 6], locationIds: [4, 5, 4] } }))
    .then(
      {
        type: 'UserCreated',
        data: {
          userId,
          profile,
          roles: ['ROLE_USER'],
          enabled: true,
          access: { calendarIds: [1, 2], categoryIds: [3, 6], locationIds: [4, 5] },
          at: now,
        },
      },
      passwordSet,
    );
});
absent('CreateUser with no roles is refused', () => {
  given()
    .when(create({ roles: [] }))
    .thenRefused('VALIDATION_FAILED');
});
absent('UpdateUser is refused: there is no such user', () => {
  given().when(update()).thenRefused('USER_NOT_FOUND');
});
absent('SignIn is refused: there is no such user', () => {
  given().when(signIn()).thenRefused('USER_NOT_FOUND');
});
absent('RequestPasswordReset is refused: there is no such user', () => {
  given().when(requestReset()).thenRefused('USER_NOT_FOUND');
});
absent('CompletePasswordReset is refused: there is no such user', () => {
  given().when(completeReset()).thenRefused('USER_NOT_FOUND');
});
absent.run();

// ---------------------------------------------------------------------------------------------------------------

const enabled = suite('users decider: enabled user');
enabled('CreateUser again is refused', () => {
  given(created, passwordSet).when(create()).thenRefused('USER_ALREADY_EXISTS');
});
enabled('UpdateUser with nothing changed records nothing', () => {
  given(created, passwordSet)
    .when(update({ profile: { ...profile }, access: { calendarIds: [1, 2], categoryIds: [3], locationIds: [4, 5] } }))
    .then();
});
enabled('UpdateUser records only the profile fields that changed', () => {
  given(created)
    .when(update({ profile: { ...profile, lastName: 'King', position: 'Manager' } }))
    .then({
      type: 'UserProfileChanged',
      data: { userId, changes: { lastName: 'King', position: 'Manager' }, at: min5 },
    });
});
enabled('UpdateUser without roles never records UserRolesChanged', () => {
  given(created)
    .when(update({ profile: { ...profile, email: 'ada.king@example.org' } }))
    .then({ type: 'UserProfileChanged', data: { userId, changes: { email: 'ada.king@example.org' }, at: min5 } });
});
enabled('UpdateUser with the same roles in another order records nothing', () => {
  const twoRoles: UserEvent = {
    type: 'UserRolesChanged',
    data: { userId, roles: ['ROLE_USER', 'ROLE_ADMIN'], at: now },
  };
  given(created, twoRoles)
    .when(update({ roles: ['ROLE_ADMIN', 'ROLE_USER'] }))
    .then();
});
enabled('UpdateUser with other roles records the new roles', () => {
  given(created)
    .when(update({ roles: ['ROLE_ADMIN', 'ROLE_USER'] }))
    .then({ type: 'UserRolesChanged', data: { userId, roles: ['ROLE_ADMIN', 'ROLE_USER'], at: min5 } });
});
enabled('UpdateUser with an empty role list is refused', () => {
  given(created)
    .when(update({ roles: [] }))
    .thenRefused('VALIDATION_FAILED');
});
enabled('UpdateUser that leaves no calendar is refused: CALENDARS_REQUIRED (§5)', () => {
  given(created)
    .when(update({ access: { calendarIds: [], categoryIds: [3], locationIds: [4, 5] } }))
    .thenRefused('CALENDARS_REQUIRED');
});
enabled('UpdateUser that takes away all-calendar roles without giving calendars is refused', () => {
  const admin: UserEvent = { type: 'UserRolesChanged', data: { userId, roles: ['ROLE_ADMIN'], at: now } };
  const none: UserAccess = { calendarIds: [], categoryIds: [], locationIds: [] };
  given(created, admin)
    .when(update({ roles: ['ROLE_USER'], access: none }))
    .thenRefused('CALENDARS_REQUIRED');
  given(created, admin)
    .when(update({ access: none }))
    .then({ type: 'UserAccessChanged', data: { userId, access: none, at: min5 } });
});
enabled('UpdateUser that turns the account off records UserDisabled', () => {
  given(created)
    .when(update({ enabled: false }))
    .then({ type: 'UserDisabled', data: { userId, at: min5 } });
});
enabled('UpdateUser compares access lists as sets: [1,2] vs [2,1] is no change', () => {
  given(created)
    .when(update({ access: { calendarIds: [2, 1], categoryIds: [3], locationIds: [5, 4] } }))
    .then();
});
enabled('UpdateUser records new calendars with the whole access', () => {
  const newAccess: UserAccess = { calendarIds: [1, 2, 6], categoryIds: [3], locationIds: [4, 5] };
  given(created)
    .when(update({ access: newAccess }))
    .then({ type: 'UserAccessChanged', data: { userId, access: newAccess, at: min5 } });
});
enabled('UpdateUser records new categories with the whole access', () => {
  const newAccess: UserAccess = { calendarIds: [1, 2], categoryIds: [], locationIds: [4, 5] };
  given(created)
    .when(update({ access: newAccess }))
    .then({ type: 'UserAccessChanged', data: { userId, access: newAccess, at: min5 } });
});
enabled('UpdateUser records new locations with the whole access', () => {
  const newAccess: UserAccess = { calendarIds: [1, 2], categoryIds: [3], locationIds: [4, 8] };
  given(created)
    .when(update({ access: newAccess }))
    .then({ type: 'UserAccessChanged', data: { userId, access: newAccess, at: min5 } });
});
// BUG (see report): sameSet() compares lengths before membership, so a list with a repeated id is "different" from the
// same set without the repeat, and a UserAccessChanged is recorded although the access sets are equal.
enabled('UpdateUser compares access lists as sets: a repeated id is no change', () => {
  given(created)
    .when(update({ access: { calendarIds: [1, 2, 2], categoryIds: [3], locationIds: [4, 5] } }))
    .then();
});
enabled('UpdateUser with a password hash records UserPasswordSet (changed)', () => {
  given(created, passwordSet)
    .when(update({ passwordHash: '$2b$10$changed' }))
    .then({ type: 'UserPasswordSet', data: { userId, passwordHash: '$2b$10$changed', reason: 'changed', at: min5 } });
});
enabled('UpdateUser changing everything records each change in order', () => {
  const newProfile: UserProfile = { ...profile, firstName: 'Augusta' };
  const newAccess: UserAccess = { calendarIds: [9], categoryIds: [3], locationIds: [4, 5] };
  given(created)
    .when(
      update({
        profile: newProfile,
        roles: ['ROLE_ROOT'],
        enabled: false,
        access: newAccess,
        passwordHash: '$2b$10$changed',
      }),
    )
    .then(
      { type: 'UserProfileChanged', data: { userId, changes: { firstName: 'Augusta' }, at: min5 } },
      { type: 'UserRolesChanged', data: { userId, roles: ['ROLE_ROOT'], at: min5 } },
      { type: 'UserDisabled', data: { userId, at: min5 } },
      { type: 'UserAccessChanged', data: { userId, access: newAccess, at: min5 } },
      { type: 'UserPasswordSet', data: { userId, passwordHash: '$2b$10$changed', reason: 'changed', at: min5 } },
    );
});
enabled('earlier changes are folded into the state that later updates compare against', () => {
  const newProfile: UserProfile = { ...profile, position: 'Manager' };
  const newAccess: UserAccess = { calendarIds: [9], categoryIds: [], locationIds: [4] };
  given(
    created,
    { type: 'UserProfileChanged', data: { userId, changes: { position: 'Manager' }, at: now } },
    { type: 'UserRolesChanged', data: { userId, roles: ['ROLE_FRONTEND'], at: now } },
    { type: 'UserAccessChanged', data: { userId, access: newAccess, at: now } },
  )
    .when(
      update({
        profile: newProfile,
        roles: ['ROLE_FRONTEND'],
        access: { calendarIds: [9], categoryIds: [], locationIds: [4] },
      }),
    )
    .then();
});
enabled('SignIn with a wrong password records SignInFailed (password)', () => {
  given(created, passwordSet)
    .when(signIn({ passwordMatches: false }))
    .then({ type: 'SignInFailed', data: { userId, at: min1, clientAddress, reason: 'password', challengeId: null } });
});
enabled('SignIn with the right password and two-factor off succeeds', () => {
  given(created, passwordSet)
    .when(signIn({ twoFactor: 'off' }))
    .then({ type: 'SignInSucceeded', data: { userId, at: min1, clientAddress, challengeId: null } });
});
enabled('SignIn with the right password and two-factor on, without a code, issues a code challenge', () => {
  given(created, passwordSet)
    .when(signIn({ now: min1, newChallenge: challenge('c1', min11) }))
    .then({
      type: 'SignInCodeIssued',
      data: { userId, at: min1, clientAddress, challengeId: 'c1', codeDigest: 'digest-c1', expiresAt: min11 },
    });
});
enabled('SignIn with a code when none was ever sent records SignInFailed (code) with no challenge', () => {
  given(created, passwordSet)
    .when(signIn({ codeDigest: 'digest-c1' }))
    .then({ type: 'SignInFailed', data: { userId, at: min1, clientAddress, reason: 'code', challengeId: null } });
});
enabled('RequestPasswordReset records the reset request', () => {
  given(created, passwordSet)
    .when(requestReset({ now: min1, resetId: 'r1', codeDigest: 'reset-digest-r1', expiresAt: hour1 }))
    .then({
      type: 'PasswordResetRequested',
      data: { userId, at: min1, clientAddress, resetId: 'r1', codeDigest: 'reset-digest-r1', expiresAt: hour1 },
    });
});
enabled('CompletePasswordReset without any reset requested is refused', () => {
  given(created, passwordSet).when(completeReset()).thenRefused('INVALID_CODE');
});
enabled('SetCalendarAccess grants a calendar the user lacks, keeping the rest of their access', () => {
  given(created)
    .when({ type: 'SetCalendarAccess', data: { userId, calendarId: 42, granted: true, now } })
    .then({
      type: 'UserAccessChanged',
      data: { userId, access: { ...access, calendarIds: [...access.calendarIds, 42] }, at: now },
    });
});

enabled('SetCalendarAccess revokes a calendar the user has', () => {
  const calendarId = access.calendarIds[0]!;
  given(created)
    .when({ type: 'SetCalendarAccess', data: { userId, calendarId, granted: false, now } })
    .then({
      type: 'UserAccessChanged',
      data: {
        userId,
        access: { ...access, calendarIds: access.calendarIds.filter((id) => id !== calendarId) },
        at: now,
      },
    });
});

enabled('SetCalendarAccess that changes nothing records nothing', () => {
  given(created)
    .when({ type: 'SetCalendarAccess', data: { userId, calendarId: 42, granted: false, now } })
    .then();
  given(created)
    .when({ type: 'SetCalendarAccess', data: { userId, calendarId: access.calendarIds[0]!, granted: true, now } })
    .then();
});

enabled('SetCalendarAccess leaves an administrator’s list alone: they see every calendar', () => {
  const admin: UserEvent = {
    type: 'UserCreated',
    data: { userId, profile, roles: ['ROLE_ADMIN'], enabled: true, access, at: now },
  };
  given(admin)
    .when({ type: 'SetCalendarAccess', data: { userId, calendarId: 42, granted: true, now } })
    .then();
});

enabled.run();

// ---------------------------------------------------------------------------------------------------------------

const off = suite('users decider: disabled user');
off('CreateUser again is refused', () => {
  given(created, disabled).when(create()).thenRefused('USER_ALREADY_EXISTS');
});
off('SignIn with a wrong password says only that the password is wrong', () => {
  given(created, passwordSet, disabled)
    .when(signIn({ passwordMatches: false }))
    .then({ type: 'SignInFailed', data: { userId, at: min1, clientAddress, reason: 'password', challengeId: null } });
});
off('SignIn with the right password records SignInFailed (disabled)', () => {
  given(created, passwordSet, disabled)
    .when(signIn({ twoFactor: 'off' }))
    .then({ type: 'SignInFailed', data: { userId, at: min1, clientAddress, reason: 'disabled', challengeId: null } });
});
off('SignIn with the right password and two-factor on sends no code', () => {
  given(created, passwordSet, disabled)
    .when(signIn({ twoFactor: 'email', codeDigest: null }))
    .then({ type: 'SignInFailed', data: { userId, at: min1, clientAddress, reason: 'disabled', challengeId: null } });
});
off('SignIn with the right code of a code sent before the account was disabled is refused (disabled)', () => {
  given(created, passwordSet, codeIssued('c1', now, min10), disabled)
    .when(signIn({ codeDigest: 'digest-c1', now: min2 }))
    .then({ type: 'SignInFailed', data: { userId, at: min2, clientAddress, reason: 'disabled', challengeId: null } });
});
off('a user created disabled is refused the same way', () => {
  const createdDisabled: UserEvent = {
    type: 'UserCreated',
    data: { userId, profile, roles: ['ROLE_USER'], enabled: false, access, at: now },
  };
  given(createdDisabled)
    .when(signIn({ twoFactor: 'off' }))
    .then({ type: 'SignInFailed', data: { userId, at: min1, clientAddress, reason: 'disabled', challengeId: null } });
});
off('RequestPasswordReset records nothing', () => {
  given(created, passwordSet, disabled).when(requestReset()).then();
});
off('CompletePasswordReset of a reset requested before the account was disabled is refused', () => {
  given(created, passwordSet, resetRequested('r1', now, hour1), disabled)
    .when(completeReset({ codeDigest: 'reset-digest-r1' }))
    .thenRefused('INVALID_CODE');
});
off('UpdateUser that turns the account on records UserEnabled', () => {
  given(created, disabled)
    .when(update({ enabled: true }))
    .then({ type: 'UserEnabled', data: { userId, at: min5 } });
});
off('UpdateUser that keeps the account off records nothing', () => {
  given(created, disabled)
    .when(update({ enabled: false }))
    .then();
});
off('once enabled again, the right password signs in', () => {
  given(created, passwordSet, disabled, { type: 'UserEnabled', data: { userId, at: now } })
    .when(signIn({ twoFactor: 'off' }))
    .then({ type: 'SignInSucceeded', data: { userId, at: min1, clientAddress, challengeId: null } });
});
off.run();

// ---------------------------------------------------------------------------------------------------------------

const codeSent = suite('users decider: sign-in code sent');
const sent = [created, passwordSet, codeIssued('c1', now, min10)];
codeSent('the right code before it expires signs in', () => {
  given(...sent)
    .when(signIn({ now: min9, codeDigest: 'digest-c1' }))
    .then({ type: 'SignInSucceeded', data: { userId, at: min9, clientAddress, challengeId: 'c1' } });
});
codeSent('a wrong code records SignInFailed (code) for the challenge', () => {
  given(...sent)
    .when(signIn({ now: min2, codeDigest: 'digest-wrong' }))
    .then({ type: 'SignInFailed', data: { userId, at: min2, clientAddress, reason: 'code', challengeId: 'c1' } });
});
codeSent('a code is single use: after SignInSucceeded the same code is refused', () => {
  given(...sent, { type: 'SignInSucceeded', data: { userId, at: min1, clientAddress, challengeId: 'c1' } })
    .when(signIn({ now: min2, codeDigest: 'digest-c1' }))
    .then({ type: 'SignInFailed', data: { userId, at: min2, clientAddress, reason: 'code', challengeId: 'c1' } });
});
codeSent('the right code at its expiry time is refused', () => {
  given(...sent)
    .when(signIn({ now: min10, codeDigest: 'digest-c1' }))
    .then({ type: 'SignInFailed', data: { userId, at: min10, clientAddress, reason: 'code', challengeId: 'c1' } });
});
codeSent('the right code after its expiry time is refused', () => {
  given(...sent)
    .when(signIn({ now: min11, codeDigest: 'digest-c1' }))
    .then({ type: 'SignInFailed', data: { userId, at: min11, clientAddress, reason: 'code', challengeId: 'c1' } });
});
codeSent('after 4 wrong tries the right code still signs in', () => {
  given(...sent, ...fiveWrongCodes('c1').slice(0, 4))
    .when(signIn({ now: min9, codeDigest: 'digest-c1' }))
    .then({ type: 'SignInSucceeded', data: { userId, at: min9, clientAddress, challengeId: 'c1' } });
});
codeSent('after 5 wrong tries even the right code is refused', () => {
  given(...sent, ...fiveWrongCodes('c1'))
    .when(signIn({ now: min9, codeDigest: 'digest-c1' }))
    .then({ type: 'SignInFailed', data: { userId, at: min9, clientAddress, reason: 'code', challengeId: 'c1' } });
});
codeSent('wrong passwords do not count as wrong codes', () => {
  const wrongPassword: UserEvent = {
    type: 'SignInFailed',
    data: { userId, at: min1, clientAddress, reason: 'password', challengeId: null },
  };
  given(...sent, wrongPassword, wrongPassword, wrongPassword, wrongPassword, wrongPassword)
    .when(signIn({ now: min9, codeDigest: 'digest-c1' }))
    .then({ type: 'SignInSucceeded', data: { userId, at: min9, clientAddress, challengeId: 'c1' } });
});
codeSent('a new code replaces the previous one: the old code is refused', () => {
  given(...sent, codeIssued('c2', min2, min11))
    .when(signIn({ now: min5, codeDigest: 'digest-c1' }))
    .then({ type: 'SignInFailed', data: { userId, at: min5, clientAddress, reason: 'code', challengeId: 'c2' } });
});
codeSent('a new code starts with no wrong tries and signs in', () => {
  given(...sent, ...fiveWrongCodes('c1'), codeIssued('c2', min9, hour1))
    .when(signIn({ now: min10, codeDigest: 'digest-c2' }))
    .then({ type: 'SignInSucceeded', data: { userId, at: min10, clientAddress, challengeId: 'c2' } });
});
codeSent('wrong tries recorded for an older challenge do not count against the current one', () => {
  given(...sent, codeIssued('c2', min1, min11), ...fiveWrongCodes('c1'))
    .when(signIn({ now: min10, codeDigest: 'digest-c2' }))
    .then({ type: 'SignInSucceeded', data: { userId, at: min10, clientAddress, challengeId: 'c2' } });
});
codeSent('a second attempt without a code issues another code', () => {
  given(...sent, codeIssued('c2', min1, min11))
    .when(signIn({ now: min2, newChallenge: challenge('c3', '2026-11-22T15:12:00.000Z') }))
    .then({
      type: 'SignInCodeIssued',
      data: {
        userId,
        at: min2,
        clientAddress,
        challengeId: 'c3',
        codeDigest: 'digest-c3',
        expiresAt: '2026-11-22T15:12:00.000Z',
      },
    });
});
codeSent('after 3 codes within 15 minutes a 4th attempt without code records SignInFailed (codes_exhausted)', () => {
  given(...sent, codeIssued('c2', min5, '2026-11-22T15:15:00.000Z'), codeIssued('c3', min10, min20))
    .when(signIn({ now: min14, newChallenge: challenge('c4', '2026-11-22T15:24:00.000Z') }))
    .then({
      type: 'SignInFailed',
      data: { userId, at: min14, clientAddress, reason: 'codes_exhausted', challengeId: null },
    });
});
codeSent('16 minutes after the first of 3 codes, a new code is issued', () => {
  given(...sent, codeIssued('c2', min5, '2026-11-22T15:15:00.000Z'), codeIssued('c3', min10, min20))
    .when(signIn({ now: min16, newChallenge: challenge('c4', min26) }))
    .then({
      type: 'SignInCodeIssued',
      data: { userId, at: min16, clientAddress, challengeId: 'c4', codeDigest: 'digest-c4', expiresAt: min26 },
    });
});
codeSent('when codes are exhausted the current code still signs in', () => {
  given(...sent, codeIssued('c2', min1, min11), codeIssued('c3', min2, '2026-11-22T15:12:00.000Z'))
    .when(signIn({ now: min5, codeDigest: 'digest-c3' }))
    .then({ type: 'SignInSucceeded', data: { userId, at: min5, clientAddress, challengeId: 'c3' } });
});
codeSent('a wrong password is still reported as a wrong password', () => {
  given(...sent)
    .when(signIn({ now: min2, passwordMatches: false, codeDigest: 'digest-c1' }))
    .then({ type: 'SignInFailed', data: { userId, at: min2, clientAddress, reason: 'password', challengeId: null } });
});
codeSent.run();

// ---------------------------------------------------------------------------------------------------------------

const resetPending = suite('users decider: reset requested');
const requested = [created, passwordSet, resetRequested('r1', now, hour1)];
resetPending('the right code before it expires sets the new password', () => {
  given(...requested)
    .when(completeReset({ now: min20, codeDigest: 'reset-digest-r1', passwordHash: '$2b$10$reset' }))
    .then(
      { type: 'PasswordResetCompleted', data: { userId, at: min20, clientAddress, resetId: 'r1' } },
      { type: 'UserPasswordSet', data: { userId, at: min20, passwordHash: '$2b$10$reset', reason: 'reset' } },
    );
});
resetPending('a wrong code is refused', () => {
  given(...requested)
    .when(completeReset({ codeDigest: 'reset-digest-wrong' }))
    .thenRefused('INVALID_CODE');
});
resetPending('the right code at its expiry time is refused', () => {
  given(...requested)
    .when(completeReset({ now: hour1 }))
    .thenRefused('INVALID_CODE');
});
resetPending('the right code after its expiry time is refused', () => {
  given(...requested)
    .when(completeReset({ now: hour2 }))
    .thenRefused('INVALID_CODE');
});
resetPending('a code is single use: after PasswordResetCompleted the same code is refused', () => {
  given(...requested, { type: 'PasswordResetCompleted', data: { userId, at: min10, clientAddress, resetId: 'r1' } })
    .when(completeReset({ now: min20 }))
    .thenRefused('INVALID_CODE');
});
resetPending('a newer reset replaces the older one: the old code is refused', () => {
  given(...requested, resetRequested('r2', min5, hour1))
    .when(completeReset({ codeDigest: 'reset-digest-r1' }))
    .thenRefused('INVALID_CODE');
});
resetPending('a newer reset replaces the older one: the new code works', () => {
  given(...requested, resetRequested('r2', min5, hour2))
    .when(completeReset({ now: hour1, codeDigest: 'reset-digest-r2', passwordHash: '$2b$10$reset2' }))
    .then(
      { type: 'PasswordResetCompleted', data: { userId, at: hour1, clientAddress, resetId: 'r2' } },
      { type: 'UserPasswordSet', data: { userId, at: hour1, passwordHash: '$2b$10$reset2', reason: 'reset' } },
    );
});
resetPending('a second request within the limit records another reset', () => {
  given(...requested)
    .when(requestReset({ now: min5, resetId: 'r2', codeDigest: 'reset-digest-r2', expiresAt: hour2 }))
    .then({
      type: 'PasswordResetRequested',
      data: { userId, at: min5, clientAddress, resetId: 'r2', codeDigest: 'reset-digest-r2', expiresAt: hour2 },
    });
});
resetPending('after 3 resets within 15 minutes a 4th request records nothing', () => {
  given(...requested, resetRequested('r2', min5, hour2), resetRequested('r3', min10, hour2))
    .when(requestReset({ now: min14, resetId: 'r4', codeDigest: 'reset-digest-r4' }))
    .then();
});
resetPending('16 minutes after the first of 3 resets, a new reset is recorded', () => {
  given(...requested, resetRequested('r2', min5, hour2), resetRequested('r3', min10, hour2))
    .when(requestReset({ now: min16, resetId: 'r4', codeDigest: 'reset-digest-r4', expiresAt: hour2 }))
    .then({
      type: 'PasswordResetRequested',
      data: { userId, at: min16, clientAddress, resetId: 'r4', codeDigest: 'reset-digest-r4', expiresAt: hour2 },
    });
});
resetPending('resets and sign-in codes are limited separately', () => {
  given(...requested, resetRequested('r2', min1, hour2), resetRequested('r3', min2, hour2))
    .when(signIn({ now: min5, newChallenge: challenge('c1', '2026-11-22T15:15:00.000Z') }))
    .then({
      type: 'SignInCodeIssued',
      data: {
        userId,
        at: min5,
        clientAddress,
        challengeId: 'c1',
        codeDigest: 'digest-c1',
        expiresAt: '2026-11-22T15:15:00.000Z',
      },
    });
});
resetPending('once the account is disabled the pending code is refused', () => {
  given(...requested, { type: 'UserDisabled', data: { userId, at: min5 } })
    .when(completeReset())
    .thenRefused('INVALID_CODE');
});
resetPending.run();
