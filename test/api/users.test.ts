import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Role } from '../../domain/users/user';
import { startTestApp, type TestApp } from '../support/app';
import { request } from '../support/http';
import {
  allEvents,
  bearer,
  caughtUp,
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
/** A valid body for a new user with a fresh address. */
const newUser = (extra: Record<string, unknown> = {}) => {
  counter += 1;
  return { email: `new.user${counter}@example.com`, firstName: 'New', lastName: `User${counter}`, ...extra };
};

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
  const first = await postAs(context, 'root', { email: 'taken@example.com', firstName: 'First', lastName: 'Owner' });
  assert.is(first.status, 201);
  const again = await postAs(context, 'admin', { email: 'Taken@Example.com', firstName: 'Second', lastName: 'Owner' });
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

test('a user created without a password cannot sign in until they complete a password reset', async (context) => {
  const { app, capture } = context;
  const body = newUser();
  const created = await postAs(context, 'root', body);
  assert.is(created.status, 201);
  const before = await loginCheck(app.baseUrl, body.email, STRONG_PASSWORD);
  assertRefused(before, 401, 'INVALID_CREDENTIALS', 'sign-in without a password set');

  const reset = await request(app.baseUrl, 'POST', '/api/reset', { username: body.email });
  assert.is(reset.status, 200);
  const mails = mailsTo(capture.messages, body.email);
  assert.is(mails.length, 1);
  await caughtUp(app); // as when the user opens the mail
  const chosen = OWN_CHOSEN;
  const done = await request(app.baseUrl, 'POST', '/api/newpassword', {
    code: resetLinkOf(mails[0]!).code,
    password: chosen,
    passwordCheck: chosen,
  });
  assert.is(done.status, 200, done.text);
  const after = await loginCheck(app.baseUrl, body.email, chosen);
  assert.is(after.status, 200, after.text);
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
      ...body,
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
  assertRefused(await putAs(context, 'root', 999_999, newUser()), 404, 'USER_NOT_FOUND', 'PUT');
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
