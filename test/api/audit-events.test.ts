import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../support/app';
import { csvRecords } from '../support/csv';
import { lockDemoSlot } from '../support/demo-booking';
import { request } from '../support/http';
import { bearer, createUser, signIn, STRONG_PASSWORD } from '../support/identity';

/**
 * Issue 18 item 2, the event log for auditors: GET /api/audit/events filtered by stream category and id, type,
 * actor (a user, any staff, the public, the system) and time, paged by position both ways with each event's data and
 * metadata; the filter choices; the JSON lines and CSV downloads of the whole range (a byte order mark, capped at
 * 100,000 events with a 400 naming what to narrow); 400s naming the field; Auditors and System Administrators only.
 */
interface Context {
  app: TestApp;
  root: Record<string, string>;
  auditor: Record<string, string>;
  admin: Record<string, string>;
  adminId: number;
  categoryId: number;
  /** Before the admin's changes, and after them. */
  start: string;
  end: string;
}
interface Item {
  position: number;
  streamId: string;
  revision: number;
  type: string;
  schemaVersion: number;
  recordedAt: string;
  data: Record<string, unknown>;
  metadata: Record<string, any>;
}
interface Page {
  items: Item[];
  newer: number | null;
  older: number | null;
}

const test = suite<Context>('api: audit events');
const REQUEST_ID = 'audit-test-request-0001';

const call = (context: Context, as: Record<string, string>, path: string) =>
  request(context.app.baseUrl, 'GET', `/api${path}`, undefined, as);

async function page(context: Context, query: string, as = context.auditor): Promise<Page> {
  const answer = await call(context, as, `/audit/events?${query}`);
  assert.is(answer.status, 200, answer.text);
  return answer.json as Page;
}

/** A download as bytes (fetch's text() would drop the byte order mark). */
async function download(context: Context, path: string, as = context.auditor) {
  const response = await fetch(`${context.app.baseUrl}/api${path}`, { headers: as });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

test.before(async (context) => {
  context.app = await startTestApp();
  const { baseUrl, seedAdmin } = context.app;
  const rootToken = await signIn(baseUrl, seedAdmin.email, seedAdmin.password);
  context.root = bearer(rootToken);
  await createUser(baseUrl, rootToken, {
    email: 'auditor@example.com',
    roles: ['ROLE_AUDITOR'],
    password: STRONG_PASSWORD,
  });
  context.auditor = bearer(await signIn(baseUrl, 'auditor@example.com', STRONG_PASSWORD));
  context.adminId = await createUser(baseUrl, rootToken, {
    email: 'calendar.admin@example.com',
    roles: ['ROLE_ADMIN'],
    password: STRONG_PASSWORD,
  });
  context.admin = bearer(await signIn(baseUrl, 'calendar.admin@example.com', STRONG_PASSWORD));
  context.start = new Date().toISOString();
  await new Promise((resolve) => setTimeout(resolve, 20));
  const created = await request(
    baseUrl,
    'POST',
    '/api/categories',
    { name: 'Audit Trail Category' },
    { ...context.admin, 'X-Request-Id': REQUEST_ID },
  );
  assert.is(created.status, 201, created.text);
  context.categoryId = created.json.id;
  const renamed = await request(
    baseUrl,
    'PUT',
    `/api/categories/${context.categoryId}`,
    { name: '=Audit "Trail", renamed' },
    context.admin,
  );
  assert.is(renamed.status, 200, renamed.text);
  await lockDemoSlot(context.app);
  await new Promise((resolve) => setTimeout(resolve, 20));
  context.end = new Date().toISOString();
});
test.after(async (context) => {
  await context.app?.stop();
});

test('newest first by default, each event with its data and metadata: who, request, address, when', async (context) => {
  const { items, newer, older } = await page(context, '');
  assert.is(items.length, 50, 'a page of 50 by default');
  assert.equal(
    items.map((item) => item.position),
    [...items.map((item) => item.position)].sort((a, b) => b - a),
    'newest first',
  );
  assert.is(newer, null, 'nothing newer than the newest page');
  assert.is(older, items[49]!.position);
  const created = (await page(context, 'type=CategoryCreated&streamId=' + `category-${context.categoryId}`)).items;
  assert.is(created.length, 1);
  const [event] = created;
  assert.is(event!.streamId, `category-${context.categoryId}`);
  assert.is(event!.revision, 0);
  assert.is(event!.schemaVersion, 1);
  assert.ok(event!.recordedAt >= context.start && event!.recordedAt <= context.end, event!.recordedAt);
  assert.is(event!.data.categoryId, context.categoryId);
  assert.equal(event!.metadata.actor, { userId: context.adminId, role: 'ROLE_ADMIN' });
  assert.is(event!.metadata.correlationId, REQUEST_ID, 'the request id');
  assert.type(event!.metadata.clientAddress, 'string');
  assert.ok((event!.metadata.clientAddress as string).length > 0, 'the client address');
  assert.type(event!.metadata.occurredAt, 'string');
  assert.type(event!.metadata.eventId, 'string');
});

test('filters: category, stream, type, actor (a user, any staff, the public, the system), time', async (context) => {
  const category = (await page(context, 'streamCategory=category&limit=200')).items;
  assert.ok(category.length > 2, 'the seed and the admin made categories');
  assert.ok(category.every((item) => item.streamId.startsWith('category-')));
  const stream = (await page(context, `streamId=category-${context.categoryId}`)).items;
  assert.equal(
    stream.map((item) => `${item.revision} ${item.type}`),
    ['1 CategoryUpdated', '0 CategoryCreated'],
  );
  const updated = (await page(context, 'type=CategoryUpdated')).items;
  assert.equal(
    updated.map((item) => item.streamId),
    [`category-${context.categoryId}`],
  );
  const admins = (await page(context, `actorUserId=${context.adminId}`)).items;
  assert.equal(
    admins.map((item) => item.type),
    ['CategoryUpdated', 'CategoryCreated'],
    "the admin's events only",
  );
  const staff = (await page(context, 'actorKind=user&limit=200')).items;
  assert.ok(staff.every((item) => typeof item.metadata.actor.userId === 'number'));
  assert.ok(
    staff.some((item) => item.type === 'UserCreated'),
    "root's users",
  );
  const publicEvents = (await page(context, 'actorKind=public')).items;
  assert.ok(publicEvents.length >= 1, 'the public lock');
  assert.ok(publicEvents.every((item) => item.metadata.actor.public === true));
  const system = (await page(context, 'actorKind=system&order=oldest&limit=5')).items;
  assert.is(system.length, 5);
  assert.ok(
    system.every((item) => item.metadata.actor.system === 'seed'),
    'the demo seed',
  );
  assert.is(system[0]!.position, 1, 'oldest first: the first event of the log');
  const during = (await page(context, `from=${context.start}&to=${context.end}&limit=200`)).items;
  assert.ok(during.length >= 3);
  assert.ok(during.every((item) => item.recordedAt >= context.start && item.recordedAt < context.end));
  const before = (await page(context, `to=${context.start}&type=CategoryCreated&limit=200`)).items;
  assert.not.ok(
    before.some((item) => item.streamId === `category-${context.categoryId}`),
    'recorded later',
  );
  const combined = (await page(context, `streamCategory=category&actorUserId=${context.adminId}&type=CategoryCreated`))
    .items;
  assert.is(combined.length, 1);
  assert.equal((await page(context, 'streamCategory=nothingHere')).items, []);
  assert.equal((await page(context, 'type=NoSuchEvent')).items, []);
});

test('pages by position both ways, with the cursors of both neighbours', async (context) => {
  const all = (await page(context, 'limit=200&order=oldest')).items;
  const total = all.length < 200 ? all.length : undefined;
  const first = await page(context, 'limit=10');
  const second = await page(context, `limit=10&before=${first.older}`);
  assert.is(second.items.length, 10);
  assert.ok(second.items[0]!.position < first.items[9]!.position, 'older');
  assert.is(second.newer, second.items[0]!.position, 'back to the newer page');
  const back = await page(context, `limit=10&after=${second.newer}`);
  assert.equal(
    back.items.map((item) => item.position),
    first.items.map((item) => item.position),
    'the newer page is the first again, newest first',
  );
  assert.is(back.newer, null, 'nothing newer');
  assert.is(back.older, first.items[9]!.position);
  // the walk reaches the oldest event, and no page repeats an event
  const seen = new Set<number>();
  let cursor: number | null = null;
  let pages = 0;
  do {
    const current: Page = await page(context, `limit=200${cursor === null ? '' : `&before=${cursor}`}`);
    for (const item of current.items) {
      assert.not.ok(seen.has(item.position));
      seen.add(item.position);
    }
    cursor = current.older;
    pages++;
  } while (cursor !== null && pages < 100);
  assert.ok(seen.has(1), 'down to the first event');
  if (total !== undefined) assert.is(seen.size, total);
  const oldest = await page(context, 'limit=3&order=oldest');
  assert.equal(
    oldest.items.map((item) => item.position),
    [1, 2, 3],
  );
  assert.is(oldest.older, null);
  assert.is(oldest.newer, 3);
});

test('the filter choices: event types and stream categories', async (context) => {
  const answer = await call(context, context.auditor, '/audit/events/types');
  assert.is(answer.status, 200, answer.text);
  const { types, streamCategories } = answer.json as { types: string[]; streamCategories: string[] };
  for (const type of ['CategoryCreated', 'CategoryUpdated', 'UserCreated', 'CalendarCreated'])
    assert.ok(types.includes(type), type);
  assert.equal(types, [...types].sort());
  for (const category of ['category', 'user', 'calendar', 'calendarDate'])
    assert.ok(streamCategories.includes(category));
  assert.is(new Set(types).size, types.length, 'each once');
});

test('JSON lines: the whole filtered range, oldest first', async (context) => {
  const answer = await download(context, `/audit/events.jsonl?streamId=category-${context.categoryId}`);
  assert.is(answer.status, 200);
  assert.match(answer.headers.get('content-type')!, /^application\/x-ndjson/);
  assert.match(answer.headers.get('content-disposition')!, /attachment; filename="audit-events-.*\.jsonl"/);
  const lines = answer.bytes
    .toString('utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Item);
  assert.equal(
    lines.map((line) => line.type),
    ['CategoryCreated', 'CategoryUpdated'],
  );
  assert.is(lines[0]!.metadata.correlationId, REQUEST_ID);
  assert.is(lines[1]!.data.categoryId, context.categoryId);
  const everything = await download(context, '/audit/events.jsonl');
  const positions = everything.bytes
    .toString('utf8')
    .trimEnd()
    .split('\n')
    .map((line) => (JSON.parse(line) as Item).position);
  assert.is(positions[0], 1);
  assert.equal(
    positions,
    [...positions].sort((a, b) => a - b),
  );
});

test('CSV: a byte order mark, the columns, one row an event, formulas kept as text', async (context) => {
  const answer = await download(context, `/audit/events.csv?actorUserId=${context.adminId}`);
  assert.is(answer.status, 200);
  assert.match(answer.headers.get('content-type')!, /^text\/csv/);
  assert.match(answer.headers.get('content-disposition')!, /attachment; filename="audit-events-.*\.csv"/);
  assert.equal([...answer.bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 byte order mark');
  const text = answer.bytes.subarray(3).toString('utf8');
  assert.ok(text.startsWith('position,recordedAt,streamId,revision,type,actor,correlationId,clientAddress,data\r\n'));
  const rows = csvRecords(text);
  assert.equal(
    rows.map((row) => `${row.streamId} ${row.revision} ${row.type}`),
    [`category-${context.categoryId} 0 CategoryCreated`, `category-${context.categoryId} 1 CategoryUpdated`],
  );
  assert.is(rows[0]!.actor, `user ${context.adminId} (ROLE_ADMIN)`);
  assert.is(rows[0]!.correlationId, REQUEST_ID);
  assert.ok(rows[0]!.clientAddress!.length > 0);
  assert.ok(!Number.isNaN(Date.parse(rows[0]!.recordedAt!)));
  const data = JSON.parse(rows[1]!.data!);
  assert.is(data.categoryId, context.categoryId);
  assert.ok(JSON.stringify(data).includes('=Audit \\"Trail\\", renamed'), 'quotes and commas survive');
  const seed = csvRecords(
    (await download(context, '/audit/events.csv?actorKind=system&streamCategory=user')).bytes
      .subarray(3)
      .toString('utf8'),
  );
  assert.ok(seed.length >= 1);
  assert.is(seed[0]!.actor, 'system (seed)');
});

test('400 naming the field', async (context) => {
  const cases: [string, string][] = [
    ['from=yesterday', 'from'],
    ['to=2026-13-01T00:00:00Z', 'to'],
    ['from=2026-11-25T00:00:00Z&to=2026-11-24T00:00:00Z', 'from'],
    ['limit=0', 'limit'],
    ['limit=201', 'limit'],
    ['after=1&before=9', 'before'],
    ['after=-1', 'after'],
    ['streamCategory=calendar-date', 'streamCategory'],
    ['type=Not%20A%20Type', 'type'],
    ['actorUserId=abc', 'actorUserId'],
    ['actorKind=robot', 'actorKind'],
    ['actorUserId=3&actorKind=public', 'actorKind'],
    ['order=random', 'order'],
  ];
  for (const [query, field] of cases) {
    const answer = await call(context, context.auditor, `/audit/events?${query}`);
    assert.is(answer.status, 400, `${query}: ${answer.text}`);
    assert.is(answer.json.error, 'VALIDATION_FAILED');
    assert.ok(
      answer.json.issues.some((issue: { path: string[] }) => issue.path.join('.') === field),
      `${query} names ${field}: ${answer.text}`,
    );
  }
  const unknown = await call(context, context.auditor, '/audit/events?colour=blue');
  assert.is(unknown.status, 400);
  assert.match(unknown.json.detail, /colour/);
  const paging = await call(context, context.auditor, '/audit/events.csv?limit=5');
  assert.is(paging.status, 400, 'a download takes no paging');
  const reversed = await call(
    context,
    context.auditor,
    '/audit/events.jsonl?from=2026-11-25T00:00:00Z&to=2026-11-24T00:00:00Z',
  );
  assert.is(reversed.status, 400);
  assert.is(reversed.json.issues[0].path[0], 'from');
});

test('Auditors and System Administrators only', async (context) => {
  assert.is((await call(context, context.root, '/audit/events?limit=1')).status, 200);
  const basic = await signInAsBasicUser(context);
  for (const as of [context.admin, basic]) {
    for (const path of ['/audit/events', '/audit/events/types', '/audit/events.csv', '/audit/events.jsonl']) {
      const answer = await call(context, as, path);
      assert.is(answer.status, 403, path);
      assert.is(answer.json.error, 'FORBIDDEN');
    }
  }
  assert.is((await request(context.app.baseUrl, 'GET', '/api/audit/events')).status, 401);
});

test('a download over 100,000 events is refused with a 400 naming what to narrow', async (context) => {
  const knex = context.app.server.database.knex;
  await knex.raw(`insert into es_streams (stream_id, revision) values ('auditNoise-1', 100000)`);
  await knex.raw(`
    insert into es_events (stream_id, stream_revision, event_id, type, data, metadata)
    select 'auditNoise-1', n, gen_random_uuid(), 'AuditNoiseRecorded', '{}'::jsonb,
           '{"actor": {"system": "test"}}'::jsonb
      from generate_series(0, 100000) n`);
  for (const path of ['/audit/events.csv', '/audit/events.jsonl?streamCategory=auditNoise']) {
    const answer = await call(context, context.auditor, path);
    assert.is(answer.status, 400, answer.text);
    assert.is(answer.json.error, 'AUDIT_RANGE_TOO_LARGE');
    assert.match(answer.json.detail, /narrow the time range \(from, to\)/);
    assert.equal(
      answer.json.issues.map((issue: { path: string[] }) => issue.path[0]),
      ['from', 'to'],
    );
  }
  // narrowed, it is answered (and the page of a big range is still a page)
  const narrowed = await download(context, `/audit/events.csv?actorUserId=${context.adminId}`);
  assert.is(narrowed.status, 200);
  assert.is((await page(context, 'streamCategory=auditNoise&limit=5')).items.length, 5);
  const rare = await page(context, `streamCategory=category&actorUserId=${context.adminId}`);
  assert.is(rare.items.length, 2, 'a rare category through its streams');
});

async function signInAsBasicUser(context: Context) {
  const rootToken = context.root.Authorization!.slice('Bearer '.length);
  await createUser(context.app.baseUrl, rootToken, {
    email: 'basic.user@example.com',
    roles: ['ROLE_USER'],
    password: STRONG_PASSWORD,
  });
  return bearer(await signIn(context.app.baseUrl, 'basic.user@example.com', STRONG_PASSWORD));
}

test.run();
