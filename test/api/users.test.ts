import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Role } from '../../domain/users/user';
import { startTestApp, type TestApp } from '../support/app';
import { request } from '../support/http';
import {
  allEvents,
  bearer,
  createUser,
  loginCheck,
  mailsTo,
  resetLinkOf,
  secretsIn,
  signIn,
  STRONG_PASSWORD,
} from '../support/identity';
import { startSmtpCapture } from '../support/smtp-capture';

/** The staff users API (§2.3 /admin/users, §3 User, §5 Users and passwords, §6) over real HTTP and PostgreSQL. */

type Staff = 'root' | 'admin' | 'user' | 'frontend';

interface Context {
  app: TestApp;
  capture: Awaited<ReturnType<typeof startSmtpCapture>>;
  tokens: Record<Staff, string>;
  ids: Record<Staff, number>;
  /** Some of the demo's calendars, categories and locations. */
  calendarIds: number[];
  categoryIds: number[];
  locationIds: number[];
}

const test = suite<Context>('api: users');

const STAFF: Record<Exclude<Staff, 'root'>, { email: string; role: Role }> = {
  admin: { email: 'calendar.admin@example.com', role: 'ROLE_ADMIN' },
  user: { email: 'basic.user@example.com', role: 'ROLE_USER' },
  frontend: { email: 'frontend.admin@example.com', role: 'ROLE_FRONTEND' },
};

const as = (context: Context, who: Staff) => bearer(context.tokens[who]);
const listAs = async (context: Context, who: Staff) => {
  const response = await request(context.app.baseUrl, 'GET', '/api/users', undefined, as(context, who));
  assert.is(response.status, 200, response.text);
  return response.json.items as {
    id: number | null;
    email: string;
    roles: Role[];
    allCalendars: boolean;
    firstName: string;
    enabled: boolean;
  }[];
};
const getAs = (context: Context, who: Staff, id: number | string) =>
  request(context.app.baseUrl, 'GET', `/api/users/${id}`, undefined, as(context, who));
const postAs = (context: Context, who: Staff, body: unknown) =>
  request(context.app.baseUrl, 'POST', '/api/users', body, as(context, who));
const putAs = (context: Context, who: Staff, id: number | string, body: unknown) =>
  request(context.app.baseUrl, 'PUT', `/api/users/${id}`, body, as(context, who));

const ROOT_CHOSEN = 'R00t!Chosen-pw';
const OWN_CHOSEN = 'F1rst!Own-password';
const REFUSED_PASSWORD = 'An0ther!Secret';
const TYPED_PASSWORDS = [ROOT_CHOSEN, OWN_CHOSEN, REFUSED_PASSWORD];

let counter = 0;
/** A calendar of the demo: §5 requires calendars unless the roles give access to all of them. */
let someCalendarId = 0;
/**
 * A valid body for a new user with a fresh address: with a calendar and, unless a password is given, the explicit
 * choice to e-mail the user a link to set their password (§5).
 */
const newUser = (extra: Record<string, unknown> = {}) => {
  counter += 1;
  return {
    email: `new.user${counter}@example.com`,
    firstName: 'New',
    lastName: `User${counter}`,
    calendarIds: [someCalendarId],
    ...(extra.password === undefined ? { sendPasswordLink: true } : {}),
    ...extra,
  };
};
/** What PUT takes back of a POST body: everything but the create-only link choice. */
const editable = ({ sendPasswordLink: _choice, ...body }: Record<string, unknown>) => body;
const issuePaths = (response: Awaited<ReturnType<typeof request>>) =>
  (response.json.issues as { path: unknown[] }[]).map((issue) => issue.path);

/** The editable fields of a user as GET answers them (ready to PUT back), and when the user last changed. */
async function current(context: Context, id: number) {
  const response = await getAs(context, 'root', id);
  assert.is(response.status, 200, response.text);
  const { email, firstName, lastName, position, enabled, calendarIds, categoryIds, locationIds, updatedAt } =
    response.json;
  return {
    body: { email, firstName, lastName, position, enabled, calendarIds, categoryIds, locationIds },
    updatedAt: updatedAt as string,
  };
}

function assertRefused(response: Awaited<ReturnType<typeof request>>, status: number, code: string, what: string) {
  assert.is(response.status, status, `${what}: ${response.text}`);
  assert.is(response.json?.error, code, what);
}

test.before(async (context) => {
  context.capture = await startSmtpCapture();
  context.app = await startTestApp({ twoFactor: 'off', smtpUrl: context.capture.url });
  const { baseUrl, seedAdmin } = context.app;
  const root = await signIn(baseUrl, seedAdmin.email, seedAdmin.password);
  const rootMe = await request(baseUrl, 'GET', '/api/me', undefined, bearer(root));
  const idsOf = async (path: string) =>
    ((await request(baseUrl, 'GET', path, undefined, bearer(root))).json.items as { id: number }[]).map(
      (item) => item.id,
    );
  context.calendarIds = await idsOf('/api/calendars');
  context.categoryIds = await idsOf('/api/categories');
  context.locationIds = await idsOf('/api/locations');
  someCalendarId = context.calendarIds[0]!;
  context.tokens = { root } as Context['tokens'];
  context.ids = { root: rootMe.json.id } as Context['ids'];
  for (const [who, { email, role }] of Object.entries(STAFF) as [
    Exclude<Staff, 'root'>,
    { email: string; role: Role },
  ][]) {
    context.ids[who] = await createUser(baseUrl, root, {
      email,
      firstName: 'Staff',
      lastName: who,
      roles: [role],
      password: STRONG_PASSWORD,
      calendarIds: [someCalendarId],
    });
    context.tokens[who] = await signIn(baseUrl, email, STRONG_PASSWORD);
  }
});
test.after(async (context) => {
  await context.app?.stop();
  await context.capture?.stop();
});

test('only Calendar Administrators and System Administrators may list, read, create and change users', async (context) => {
  const { app, ids } = context;
  const calls = (headers: Record<string, string>) =>
    [
      ['GET /api/users', () => request(app.baseUrl, 'GET', '/api/users', undefined, headers)],
      ['GET /api/users/{id}', () => request(app.baseUrl, 'GET', `/api/users/${ids.user}`, undefined, headers)],
      [
        'POST /api/users',
        () =>
          request(
            app.baseUrl,
            'POST',
            '/api/users',
            { email: 'refused@example.com', firstName: 'Re', lastName: 'Fused' },
            headers,
          ),
      ],
      [
        'PUT /api/users/{id}',
        () =>
          request(
            app.baseUrl,
            'PUT',
            `/api/users/${ids.user}`,
            { email: STAFF.user.email, firstName: 'Changed', lastName: 'Name' },
            headers,
          ),
      ],
    ] as const;
  for (const [what, call] of calls({})) assertRefused(await call(), 401, 'UNAUTHORIZED', `anonymous ${what}`);
  for (const who of ['user', 'frontend'] as const) {
    for (const [what, call] of calls(as(context, who))) assertRefused(await call(), 403, 'FORBIDDEN', `${who} ${what}`);
  }
  for (const who of ['admin', 'root'] as const) {
    assert.is((await getAs(context, who, ids.user)).status, 200, `${who} reads a Basic User`);
    const items = await listAs(context, who);
    assert.not.ok(
      items.some((item) => item.email === 'refused@example.com'),
      'the refused POSTs created nobody',
    );
    assert.is(
      items.find((item) => item.email === STAFF.user.email)!.firstName,
      'Staff',
      'the refused PUTs changed nothing',
    );
  }
});

test('firstName, lastName and email are required: 400 VALIDATION_FAILED naming the field, on POST and PUT', async (context) => {
  const complete = { email: 'required.fields@example.com', firstName: 'Req', lastName: 'Fields' };
  for (const field of ['firstName', 'lastName', 'email'] as const) {
    const { [field]: _left, ...missing } = complete;
    for (const [what, body] of [
      ['missing', missing],
      ['blank', { ...complete, [field]: '   ' }],
    ] as const) {
      for (const who of ['root', 'admin'] as const) {
        const response = await postAs(context, who, body);
        assertRefused(response, 400, 'VALIDATION_FAILED', `POST by ${who}, ${field} ${what}`);
        assert.equal(
          response.json.issues.map((issue: { path: unknown[] }) => issue.path),
          [[field]],
          `POST by ${who}, ${field} ${what}`,
        );
      }
      const put = await putAs(context, 'root', context.ids.user, body);
      assertRefused(put, 400, 'VALIDATION_FAILED', `PUT, ${field} ${what}`);
      assert.equal(
        put.json.issues.map((issue: { path: unknown[] }) => issue.path),
        [[field]],
        `PUT, ${field} ${what}`,
      );
    }
  }
  const badEmail = await postAs(context, 'root', { ...complete, email: 'not-an-address' });
  assertRefused(badEmail, 400, 'VALIDATION_FAILED', 'malformed e-mail');
  assert.equal(badEmail.json.issues[0].path, ['email']);
  assert.not.ok((await listAs(context, 'root')).some((item) => item.email === complete.email));
});

test('an e-mail address already in use answers 409 EMAIL_TAKEN, whatever its case, on POST and PUT', async (context) => {
  const first = await postAs(context, 'root', newUser({ email: 'taken@example.com', firstName: 'First' }));
  assert.is(first.status, 201, first.text);
  const again = await postAs(context, 'admin', newUser({ email: 'Taken@Example.com', firstName: 'Second' }));
  assertRefused(again, 409, 'EMAIL_TAKEN', 'POST with a taken address');
  assert.equal(again.json.issues[0].path, ['email']);
  const moved = await putAs(context, 'root', context.ids.user, {
    ...(await current(context, context.ids.user)).body,
    email: 'taken@example.com',
  });
  assertRefused(moved, 409, 'EMAIL_TAKEN', 'PUT to a taken address');
  const items = await listAs(context, 'root');
  assert.equal(
    items.filter((item) => item.email === 'taken@example.com').map((item) => item.id),
    [first.json.id],
  );
  assert.is(items.find((item) => item.id === context.ids.user)!.email, STAFF.user.email);
});

test('a Calendar Administrator who sends roles or a password gets 403 FORBIDDEN; without them the user is a Basic User', async (context) => {
  const { ids } = context;
  const withRoles = newUser({ roles: ['ROLE_USER'] });
  assertRefused(await postAs(context, 'admin', withRoles), 403, 'FORBIDDEN', 'POST with roles');
  const withPassword = newUser({ password: STRONG_PASSWORD });
  assertRefused(await postAs(context, 'admin', withPassword), 403, 'FORBIDDEN', 'POST with a password');
  const before = await current(context, ids.user);
  assertRefused(
    await putAs(context, 'admin', ids.user, { ...before.body, roles: ['ROLE_ADMIN'] }),
    403,
    'FORBIDDEN',
    'PUT with roles',
  );
  assertRefused(
    await putAs(context, 'admin', ids.user, { ...before.body, password: REFUSED_PASSWORD }),
    403,
    'FORBIDDEN',
    'PUT with a password',
  );

  const items = await listAs(context, 'root');
  assert.not.ok(
    items.some((item) => item.email === withRoles.email || item.email === withPassword.email),
    'nobody was created',
  );
  assert.equal(items.find((item) => item.id === ids.user)!.roles, ['ROLE_USER'], 'the roles did not change');
  assert.is(
    (await current(context, ids.user)).updatedAt,
    before.updatedAt,
    'nothing changed (a new password would have moved updatedAt)',
  );

  const plain = await postAs(context, 'admin', newUser());
  assert.is(plain.status, 201, plain.text);
  assert.equal((await getAs(context, 'admin', plain.json.id)).json.roles, ['ROLE_USER']);
});

test('a System Administrator may set roles and a password', async (context) => {
  const body = newUser({ roles: ['ROLE_FRONTEND', 'ROLE_USER'], password: ROOT_CHOSEN });
  const created = await postAs(context, 'root', body);
  assert.is(created.status, 201, created.text);
  assert.equal((await getAs(context, 'root', created.json.id)).json.roles.sort(), ['ROLE_FRONTEND', 'ROLE_USER']);
  const token = await signIn(context.app.baseUrl, body.email as string, ROOT_CHOSEN);
  assert.equal((await request(context.app.baseUrl, 'GET', '/api/me', undefined, bearer(token))).json.roles.sort(), [
    'ROLE_FRONTEND',
    'ROLE_USER',
  ]);
});

test('a Calendar Administrator sees all-access users with id null and may not read or change them; a System Administrator sees every id', async (context) => {
  const { ids } = context;
  const otherAdmin = await postAs(context, 'root', newUser({ roles: ['ROLE_ADMIN'] }));
  assert.is(otherAdmin.status, 201);

  const seenByAdmin = await listAs(context, 'admin');
  assert.ok(seenByAdmin.length >= 6);
  for (const item of seenByAdmin) {
    const allAccess = item.roles.includes('ROLE_ADMIN') || item.roles.includes('ROLE_ROOT');
    if (allAccess) assert.is(item.id, null, `${item.email} shown without id`);
    else assert.type(item.id, 'number', `${item.email} shown with its id`);
  }
  const byEmail = (items: typeof seenByAdmin, email: string) => items.find((item) => item.email === email)!;
  assert.is(byEmail(seenByAdmin, context.app.seedAdmin.email).id, null);
  assert.is(byEmail(seenByAdmin, STAFF.admin.email).id, null);
  assert.is(byEmail(seenByAdmin, STAFF.user.email).id, ids.user);
  assert.is(byEmail(seenByAdmin, STAFF.frontend.email).id, ids.frontend);

  for (const [what, id] of [
    ['the System Administrator', ids.root],
    ['another Calendar Administrator', otherAdmin.json.id],
    ['themselves', ids.admin],
  ] as const) {
    assertRefused(await getAs(context, 'admin', id), 403, 'FORBIDDEN', `GET ${what}`);
    assertRefused(
      await putAs(context, 'admin', id, (await current(context, id)).body),
      403,
      'FORBIDDEN',
      `PUT ${what}`,
    );
  }

  const seenByRoot = await listAs(context, 'root');
  for (const item of seenByRoot) assert.type(item.id, 'number', `${item.email} shown to root with its id`);
  assert.is(byEmail(seenByRoot, context.app.seedAdmin.email).id, ids.root);
  assert.is(byEmail(seenByRoot, STAFF.admin.email).id, ids.admin);
  assert.is((await getAs(context, 'root', otherAdmin.json.id)).status, 200);
});

test('allCalendars is true for Calendar Administrators and System Administrators only', async (context) => {
  const items = await listAs(context, 'root');
  const allCalendars = (email: string) => items.find((item) => item.email === email)!.allCalendars;
  assert.is(allCalendars(context.app.seedAdmin.email), true);
  assert.is(allCalendars(STAFF.admin.email), true);
  assert.is(allCalendars(STAFF.user.email), false);
  assert.is(allCalendars(STAFF.frontend.email), false);
  for (const item of items)
    assert.is(item.allCalendars, item.roles.includes('ROLE_ADMIN') || item.roles.includes('ROLE_ROOT'), item.email);
  assert.is((await getAs(context, 'admin', context.ids.user)).json.allCalendars, false);
});

test('a System Administrator cannot disable themselves or drop their own ROLE_ROOT: 409 SELF_LOCKOUT', async (context) => {
  const { ids } = context;
  const { body } = await current(context, ids.root);
  assertRefused(
    await putAs(context, 'root', ids.root, { ...body, enabled: false }),
    409,
    'SELF_LOCKOUT',
    'disable themselves',
  );
  assertRefused(
    await putAs(context, 'root', ids.root, { ...body, roles: ['ROLE_ADMIN'] }),
    409,
    'SELF_LOCKOUT',
    'drop ROLE_ROOT',
  );
  const after = await getAs(context, 'root', ids.root);
  assert.is(after.status, 200, 'the token still works');
  assert.is(after.json.enabled, true);
  assert.equal(after.json.roles, ['ROLE_ROOT']);
  const renamed = await putAs(context, 'root', ids.root, { ...body, position: 'Head of IT' });
  assert.is(renamed.status, 200, 'other changes to themselves are fine');
});

test('a user created with the choice to e-mail a link gets the link and cannot sign in until they use it', async (context) => {
  const { app, capture } = context;
  for (const who of ['root', 'admin'] as const) {
    const body = newUser();
    assert.is(body.sendPasswordLink, true);
    const created = await postAs(context, who, body);
    assert.is(created.status, 201, `${who}: ${created.text}`);
    const mails = mailsTo(capture.messages, body.email);
    assert.is(mails.length, 1, `${who}: the link was e-mailed before POST answered`);
    const before = await loginCheck(app.baseUrl, body.email, STRONG_PASSWORD);
    assertRefused(before, 401, 'INVALID_CREDENTIALS', 'sign-in before choosing a password');

    const { link, code } = resetLinkOf(mails[0]!);
    assert.is(link, `${app.baseUrl}/admin/password-reset/${code}`);
    const done = await request(app.baseUrl, 'POST', '/api/newpassword', {
      code,
      password: OWN_CHOSEN,
      passwordCheck: OWN_CHOSEN,
    });
    assert.is(done.status, 200, done.text);
    assert.is((await loginCheck(app.baseUrl, body.email, OWN_CHOSEN)).status, 200);
    assertRefused(
      await request(app.baseUrl, 'POST', '/api/newpassword', { code, password: OWN_CHOSEN, passwordCheck: OWN_CHOSEN }),
      400,
      'INVALID_CODE',
      'the link is single-use',
    );
  }
  const requested = (await allEvents(app.server.store)).filter((event) => event.type === 'PasswordResetRequested');
  assert.ok(requested.length >= 2);
  for (const event of requested.slice(-2)) {
    const { at, expiresAt } = event.data as { at: string; expiresAt: string };
    assert.is(Date.parse(expiresAt) - Date.parse(at), 7 * 24 * 60 * 60_000, 'the link is valid for 7 days');
  }
});

test('§5: on create, a password or the explicit choice to e-mail a link is required: 400 PASSWORD_REQUIRED on password', async (context) => {
  for (const who of ['root', 'admin'] as const) {
    for (const choice of [{}, { sendPasswordLink: false }]) {
      const { sendPasswordLink: _dropped, ...body } = newUser(choice);
      const refused = await postAs(context, who, { ...body, ...choice });
      assertRefused(refused, 400, 'PASSWORD_REQUIRED', `${who} ${JSON.stringify(choice)}`);
      assert.equal(issuePaths(refused), [['password']]);
      // The refused POST kept nothing, not even the address.
      const again = await postAs(context, who, { ...body, sendPasswordLink: true });
      assert.is(again.status, 201, again.text);
    }
  }
  const both = await postAs(context, 'root', newUser({ password: ROOT_CHOSEN, sendPasswordLink: true }));
  assertRefused(both, 400, 'VALIDATION_FAILED', 'a password and the link together');
  assert.equal(issuePaths(both), [['sendPasswordLink']]);
  const withPassword = newUser({ password: ROOT_CHOSEN });
  assert.is((await postAs(context, 'root', withPassword)).status, 201);
  assert.is(mailsTo(context.capture.messages, withPassword.email).length, 0, 'no link when a password is given');
  const onPut = await putAs(context, 'root', context.ids.user, {
    ...(await current(context, context.ids.user)).body,
    sendPasswordLink: true,
  });
  assertRefused(onPut, 400, 'VALIDATION_FAILED', 'the link choice is for create only');
});

test('§5: calendars are required unless the roles give access to all calendars (or are Auditor alone): 400 CALENDARS_REQUIRED on calendarIds', async (context) => {
  for (const [who, roles] of [
    ['admin', undefined],
    ['root', ['ROLE_USER']],
    ['root', ['ROLE_FRONTEND']],
    ['root', ['ROLE_AUDITOR', 'ROLE_USER']],
  ] as const) {
    const refused = await postAs(context, who, newUser({ calendarIds: [], ...(roles ? { roles } : {}) }));
    assertRefused(refused, 400, 'CALENDARS_REQUIRED', `${who} ${roles ?? 'default roles'}`);
    assert.equal(issuePaths(refused), [['calendarIds']]);
  }
  for (const roles of [['ROLE_ADMIN'], ['ROLE_ROOT'], ['ROLE_ADMIN', 'ROLE_USER'], ['ROLE_AUDITOR']]) {
    const allAccess = await postAs(context, 'root', newUser({ roles, calendarIds: [] }));
    assert.is(allAccess.status, 201, `${roles}: ${allAccess.text}`);
  }

  const created = await postAs(context, 'admin', newUser());
  assert.is(created.status, 201);
  const { body } = await current(context, created.json.id);
  const emptied = await putAs(context, 'admin', created.json.id, { ...body, calendarIds: [] });
  assertRefused(emptied, 400, 'CALENDARS_REQUIRED', 'PUT without calendars');
  assert.equal(issuePaths(emptied), [['calendarIds']]);
  const promoted = await putAs(context, 'root', created.json.id, { ...body, calendarIds: [], roles: ['ROLE_ADMIN'] });
  assert.is(promoted.status, 200, 'an administrator needs no calendars');
  const demoted = await putAs(context, 'root', created.json.id, { ...body, calendarIds: [], roles: ['ROLE_USER'] });
  assertRefused(demoted, 400, 'CALENDARS_REQUIRED', 'dropping the all-calendar role without calendars');
  assert.equal((await getAs(context, 'root', created.json.id)).json.roles, ['ROLE_ADMIN']);
});

test('§3: category and location access are saved on create and PUT; unknown ids answer 400 naming the field', async (context) => {
  const { calendarIds, categoryIds, locationIds } = context;
  const body = newUser({
    calendarIds: calendarIds.slice(0, 2),
    categoryIds: categoryIds.slice(0, 1),
    locationIds: locationIds.slice(0, 2),
  });
  const created = await postAs(context, 'admin', body);
  assert.is(created.status, 201, created.text);
  const read = (await getAs(context, 'admin', created.json.id)).json;
  assert.equal(read.categoryIds, categoryIds.slice(0, 1));
  assert.equal([...read.locationIds].sort(), locationIds.slice(0, 2).sort());

  const changed = await putAs(context, 'admin', created.json.id, {
    ...editable(body),
    categoryIds: categoryIds.slice(1, 3),
    locationIds: [],
  });
  assert.is(changed.status, 200, changed.text);
  const reread = (await getAs(context, 'admin', created.json.id)).json;
  assert.equal([...reread.categoryIds].sort(), categoryIds.slice(1, 3).sort());
  assert.equal(reread.locationIds, []);

  for (const [field, code] of [
    ['categoryIds', 'UNKNOWN_CATEGORY'],
    ['locationIds', 'UNKNOWN_LOCATION'],
    ['calendarIds', 'UNKNOWN_CALENDAR'],
  ] as const) {
    const refused = await postAs(context, 'admin', newUser({ [field]: [999_999] }));
    assertRefused(refused, 400, code, `POST with an unknown ${field}`);
    assert.equal(issuePaths(refused), [[field]]);
    const onPut = await putAs(context, 'admin', created.json.id, { ...editable(body), [field]: [999_999] });
    assertRefused(onPut, 400, code, `PUT with an unknown ${field}`);
  }
});

test('a created user is listed and readable as soon as POST answers, and a change as soon as PUT answers', async (context) => {
  for (let round = 1; round <= 3; round++) {
    const body = newUser({ position: `Nurse ${round}`, calendarIds: [round], locationIds: [round, round + 1] });
    const created = await postAs(context, 'admin', body);
    assert.is(created.status, 201, created.text);
    const listed = (await listAs(context, 'admin')).find((item) => item.id === created.json.id);
    assert.ok(listed, `round ${round}: in the list right after the POST`);
    assert.is(listed.email, body.email);
    const read = await getAs(context, 'admin', created.json.id);
    assert.is(read.status, 200);
    assert.is(read.json.position, `Nurse ${round}`);
    assert.equal(read.json.locationIds, [round, round + 1]);

    const changed = await putAs(context, 'admin', created.json.id, {
      ...editable(body),
      firstName: `Renamed${round}`,
      enabled: false,
    });
    assert.is(changed.status, 200, changed.text);
    const reread = (await listAs(context, 'admin')).find((item) => item.id === created.json.id)!;
    assert.is(reread.firstName, `Renamed${round}`, `round ${round}: the change shows right after the PUT`);
    assert.is(reread.enabled, false);
  }
});

test('a user answer carries the §3 fields and nothing secret', async (context) => {
  const response = await getAs(context, 'root', context.ids.user);
  assert.is(response.status, 200);
  assert.equal(Object.keys(response.json).sort(), [
    'allCalendars',
    'calendarIds',
    'categoryIds',
    'createdAt',
    'email',
    'enabled',
    'firstName',
    'id',
    'lastLoginAt',
    'lastName',
    'locationIds',
    'name',
    'position',
    'roles',
    'updatedAt',
  ]);
  assert.is(response.json.name, 'Staff user');
  for (const item of await listAs(context, 'root'))
    assert.equal(Object.keys(item).sort(), Object.keys(response.json).sort());
});

test('an unknown user id answers 404 USER_NOT_FOUND', async (context) => {
  assertRefused(await getAs(context, 'root', 999_999), 404, 'USER_NOT_FOUND', 'GET');
  assertRefused(await putAs(context, 'root', 999_999, editable(newUser())), 404, 'USER_NOT_FOUND', 'PUT');
});

test('no event holds a password set or typed through these calls (checked last, over the whole log)', async ({
  app,
}) => {
  const events = await allEvents(app.server.store);
  assert.ok(events.some((event) => event.type === 'UserPasswordSet'));
  const passwords = [app.seedAdmin.password, STRONG_PASSWORD, ...TYPED_PASSWORDS];
  const leaks = events.flatMap((event) => secretsIn(event, passwords).map((secret) => `${event.type} holds ${secret}`));
  assert.equal(leaks, []);
});

test.run();
