import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PostgresEventStore } from '../../commands/event-store/postgres';
import { findFreePort } from '../../commands/infrastructure/embedded-postgres';
import { addDays, todayIn } from '../../domain/shared/plain-date';
import { allProjections } from '../../projections/index';
import { rebuildProjection } from '../../projections/runner/rebuild';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { request } from '../support/http';
import { bearer, mailsTo, signIn } from '../support/identity';
import { parseMail, partOfType } from '../support/mail-message';
import { createPublicService } from '../support/public-service';
import { startSmtpCapture } from '../support/smtp-capture';

/**
 * Issue 21 item 1: three app instances (separate processes, each on its own port, as behind a load balancer) on one
 * new PostgreSQL database. They start at once (migrating and seeding once), decide races once, share sessions and
 * sign-in limits, keep each projector active in exactly one of them (and hand it over when that one is killed), and
 * send each mail and reminder once. NODE_ENV=production, so that X-Forwarded-For lets the test speak from many
 * addresses.
 */
interface Instance {
  name: string;
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
}

interface Context {
  database: TestDatabase;
  smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  instances: Instance[];
  admin: Record<string, string>;
  laneId: number;
  serviceId: number;
  date: string;
}

const ADMIN = { email: 'instances-admin@example.com', password: 'Str0ng!Passw0rd' };
/** Hash namespace of the projectors' advisory locks (projections/runner/runner.ts: 'proj'). */
const PROJECTOR_LOCKS = 0x70726f6a;
const lane = {
  name: 'Nurse',
  startTime: '08:00:00',
  endTime: '15:00:00',
  durations: [{ value: 900, isDefault: true }],
  slotInterval: 900,
};
const test = suite<Context>('api: three app instances on one database');
const dataDir = path.resolve(`.data/test-instances-${process.pid}`);
let address = 0;
/** A client address of its own for each request, to stay under the per-address limits. */
const fromNewAddress = () => ({ 'X-Forwarded-For': `10.21.${Math.floor(++address / 250)}.${address % 250}` });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const time = (seconds: number) =>
  `${String(Math.floor(seconds / 3600)).padStart(2, '0')}:${String((seconds % 3600) / 60).padStart(2, '0')}:00`;

async function startInstance(name: string, databaseUrl: string, smtpUrl: string): Promise<Instance> {
  const port = await findFreePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/app-instance.ts'], {
    env: {
      ...process.env,
      WEB_CONCURRENCY: '1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(dataDir, name),
      PORT: String(port),
      NODE_ENV: 'production',
      PGAPPNAME: name, // names this instance's database sessions, so that the test sees who holds which lock
      API_REQUESTS_PER_MINUTE: '100000',
      PUBLIC_LOCKS_PER_ADDRESS: '1000',
      TWO_FACTOR: 'off',
      BOT_CHECK: 'off',
      EVENTSTORE_URL: '',
      SMTP_URL: smtpUrl,
      LOG_LEVEL: 'warn',
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
      SEED_ADMIN_EMAIL: ADMIN.email,
      SEED_ADMIN_PASSWORD: ADMIN.password,
      PUBLIC_URL: `http://localhost:${port}`,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  spawned.push({ child, exited });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /instance ready at (\S+)/.exec(output);
      if (ready) resolve(ready[1]!);
    });
    child.once('exit', (code) =>
      reject(new Error(`instance ${name} exited (${code}) before it was ready:\n${output}`)),
    );
  });
  return { name, child, url, exited };
}

/** Every process started, ready or not, so that a failed start leaves none behind. */
const spawned: Pick<Instance, 'child' | 'exited'>[] = [];

const alive = (context: Context) =>
  context.instances.filter((instance) => instance.child.exitCode === null && instance.child.signalCode === null);

/** Who holds each projector's lock: one row per granted lock, with the holder's instance name. */
async function projectorLockHolders(context: Context): Promise<{ lock: string; holder: string }[]> {
  const client = new pg.Client({ connectionString: context.database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ lock: string; holder: string }>(
      `select l.objid::text as lock, a.application_name as holder from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where l.locktype = 'advisory' and l.granted and l.classid = $1
          and l.database = (select oid from pg_database where datname = current_database())`,
      [PROJECTOR_LOCKS],
    );
    return rows;
  } finally {
    await client.end();
  }
}

async function projectorCount(context: Context): Promise<number> {
  const rows = await context.database.knex('projection_checkpoints').count<{ count: string }[]>('* as count');
  return Number(rows[0]!.count);
}

test.before(async (context) => {
  context.database = await createTestDatabase({ migrate: false });
  context.smtp = await startSmtpCapture();
  // started at once, as a load balancer's instances are: each migrates and seeds a new database
  context.instances = await Promise.all(
    ['instance-a', 'instance-b', 'instance-c'].map((name) =>
      startInstance(name, context.database.url, context.smtp.url),
    ),
  );
  const [a] = context.instances;
  context.admin = bearer(await signIn(a!.url, ADMIN.email, ADMIN.password));
  const call = (method: string, route: string, body?: unknown) =>
    request(a!.url, method, `/api${route}`, body, { ...context.admin, ...fromNewAddress() });
  const locationId = (await call('GET', '/locations')).json.items[0].id;
  const categoryId = (await call('GET', '/categories')).json.items[0].id;
  const templateId = (await call('GET', '/templates')).json.items[0].id;
  const calendar = await call('POST', '/calendars', {
    name: 'Instances clinic',
    enabled: true,
    locationId,
    categoryId,
    lanes: [lane],
    emailsEnabled: true,
    notificationTemplateId: templateId,
    reminderTemplateId: templateId,
    reminderThreshold: 2,
  });
  assert.is(calendar.status, 201, calendar.text);
  // far enough ahead for its reminders (two days before, at 09:00) to be still to come
  context.date = addDays(todayIn('America/Toronto', new Date()), 7);
  const added = await call('POST', `/batch/calendars/${calendar.json.id}/dates`, {
    dates: [context.date],
    lanes: [lane],
  });
  context.laneId = added.json.items[0].lanes[0].id;
  context.serviceId = await createPublicService(a!.url, { ...context.admin, ...fromNewAddress() }, [calendar.json.id]);
});

test.after(async (context) => {
  for (const instance of spawned) {
    if (instance.child.exitCode === null && instance.child.signalCode === null) {
      instance.child.kill('SIGTERM');
      await instance.exited;
    }
  }
  await context.smtp?.stop();
  await context.database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const lockSlot = (context: Context, instance: Instance, startTime: string, endTime: string) =>
  request(
    instance.url,
    'POST',
    '/api/public/locks',
    { calendarDateLaneId: context.laneId, startTime, endTime, serviceId: context.serviceId },
    fromNewAddress(),
  );

test('three instances started at once on a new database all come up, and the demo is seeded once', async (context) => {
  const created = await context.database
    .knex('es_events')
    .where({ type: 'UserCreated' })
    .count<{ count: string }[]>('* as count');
  assert.is(Number(created[0]!.count), 1, 'one System Administrator created');
  const services = await context.database
    .knex('es_events')
    .where({ type: 'ServiceCreated' })
    .count<{ count: string }[]>('* as count');
  assert.is(Number(services[0]!.count), 4, 'the three demo services and the test’s, once each');
});

test('500 concurrent locks on 20 slots spread over the three instances: exactly 20 tokens, one a slot', async (context) => {
  const answers = await Promise.all(
    Array.from({ length: 500 }, (_, index) => {
      const slot = index % 20;
      const start = 10 * 3600 + slot * 900;
      const instance = context.instances[index % 3]!;
      return lockSlot(context, instance, time(start), time(start + 900)).then((answer) => ({ answer, slot }));
    }),
  );
  const won = answers.filter(({ answer }) => answer.status === 201);
  assert.is(won.length, 20);
  assert.is(new Set(won.map(({ slot }) => slot)).size, 20, 'one winner for each slot');
  assert.ok(
    answers.every(({ answer }) => answer.status === 201 || answer.status === 409),
    JSON.stringify(answers.filter(({ answer }) => answer.status !== 201 && answer.status !== 409).slice(0, 3)),
  );
});

test('a session opened on one instance holds on the others and ends on all; sign-in failures count across them', async (context) => {
  const [a, b, c] = context.instances as [Instance, Instance, Instance];
  const token = bearer(await signIn(a.url, ADMIN.email, ADMIN.password));
  for (const instance of [b, c]) {
    const me = await request(instance.url, 'GET', '/api/me', undefined, { ...token, ...fromNewAddress() });
    assert.is(me.status, 200, `${instance.name} knows the session`);
  }
  const out = await request(b.url, 'POST', '/api/logout', {}, { ...token, ...fromNewAddress() });
  assert.is(out.status, 200, out.text);
  const after = await request(c.url, 'GET', '/api/me', undefined, { ...token, ...fromNewAddress() });
  assert.is(after.status, 401, 'signed out everywhere');

  // five wrong passwords for one account from one address, over the three instances: the sixth try is refused
  const from = { 'X-Forwarded-For': '198.51.100.21' };
  for (let attempt = 0; attempt < 5; attempt++) {
    const instance = context.instances[attempt % 3]!;
    const wrong = await request(
      instance.url,
      'POST',
      '/api/login_check',
      { username: ADMIN.email, password: 'Wr0ng!Guess' },
      from,
    );
    assert.is(wrong.status, 401, `attempt ${attempt + 1} on ${instance.name}`);
  }
  const refused = await request(
    c.url,
    'POST',
    '/api/login_check',
    { username: ADMIN.email, password: ADMIN.password },
    from,
  );
  assert.is(refused.status, 429, 'the limit is one across the instances');
  assert.ok(Number(refused.headers.get('retry-after')) > 0);
});

test('each booking’s confirmation and each reminder is sent once, whichever instances send them', async (context) => {
  const bookings = 6;
  const codes: string[] = [];
  for (let index = 0; index < bookings; index++) {
    const instance = context.instances[index % 3]!;
    const start = 8 * 3600 + index * 900; // before the race's slots (10:00-15:00), whose locks still hold
    const lock = await lockSlot(context, instance, time(start), time(start + 900));
    assert.is(lock.status, 201, lock.text);
    const booked = await request(
      instance.url,
      'POST',
      '/api/public/appointments',
      {
        lockToken: lock.json.token,
        serviceId: context.serviceId,
        clientData: [{ firstName: 'Ada', lastName: `Once${index}` }],
        email: `once${index}@example.com`,
        language: 'en',
        phone: '613-555-0100',
        phoneReminderType: 0,
        sendConfirmationEmail: true,
        sendReminderEmail: true,
        agreeValidInfo: true,
        agreePhone: true,
      },
      fromNewAddress(),
    );
    assert.is(booked.status, 201, booked.text);
    codes.push(booked.json.confirmationCode);
  }
  const inbox = (index: number) => mailsTo(context.smtp.messages, `once${index}@example.com`);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && [...codes.keys()].some((index) => inbox(index).length < 1)) await pause(200);

  // every reminder the projector queued is made due now: the three instances' dispatchers race for them
  const knex = context.database.knex;
  let queued = 0;
  while (Date.now() < deadline && queued < bookings) {
    queued = Number(
      (
        await knex('message_queue')
          .where({ kind: 'reminder', channel: 'email', status: 'pending' })
          .whereRaw("recipient like 'once%'")
          .count<{ count: string }[]>('* as count')
      )[0]!.count,
    );
    if (queued < bookings) await pause(200);
  }
  assert.is(queued, bookings, 'a reminder queued for each booking');
  await knex('message_queue').where({ kind: 'reminder', status: 'pending' }).update({ due_at: new Date() });
  const sentDeadline = Date.now() + 40_000;
  while (Date.now() < sentDeadline && [...codes.keys()].some((index) => inbox(index).length < 2)) await pause(250);
  await pause(6_000); // longer than a dispatcher's poll: a second send would have come by now

  for (const [index, code] of codes.entries()) {
    const mails = inbox(index).map((mail) => parseMail(mail.raw));
    const subjects = mails.map((mail) => mail.headers.subject);
    assert.is(mails.length, 2, `once${index}: one confirmation and one reminder (${subjects.join(' | ')})`);
    assert.ok(
      mails.every((mail) => (partOfType(mail, 'text/plain')?.body ?? '').includes(code)),
      `once${index}: both name the code ${code}`,
    );
  }
  const unsent = await knex('message_queue').where({ kind: 'reminder' }).whereNot({ status: 'sent' }).select('id');
  assert.equal(unsent, [], 'every reminder row is sent');
});

test('each projector is active in exactly one instance; killed (-9), another takes over within seconds, and the read models end as a full replay gives them', async (context) => {
  const projectors = await projectorCount(context);
  const before = await projectorLockHolders(context);
  assert.is(before.length, projectors, 'one lock per projector');
  assert.is(new Set(before.map((row) => row.lock)).size, projectors, 'each held once');
  const victim = context.instances.find((instance) => instance.name === before[0]!.holder)!;
  assert.ok(victim, `the holder ${before[0]!.holder} is one of the instances`);

  victim.child.kill('SIGKILL');
  await victim.exited;
  const survivors = alive(context).map((instance) => instance.name);
  const takenOverBy = Date.now() + 15_000;
  let after = await projectorLockHolders(context);
  while (
    Date.now() < takenOverBy &&
    (after.length !== projectors || after.some((row) => !survivors.includes(row.holder)))
  ) {
    await pause(250);
    after = await projectorLockHolders(context);
  }
  assert.is(after.length, projectors, 'every projector is active again');
  assert.is(new Set(after.map((row) => row.lock)).size, projectors, 'each in one instance');
  assert.ok(
    after.every((row) => survivors.includes(row.holder)),
    after.map((row) => row.holder).join(),
  );

  // a write through a survivor is read back: its projectors run there now
  const survivor = alive(context)[0]!;
  const name = 'After the takeover';
  const created = await request(
    survivor.url,
    'POST',
    '/api/categories',
    { name },
    { ...context.admin, ...fromNewAddress() },
  );
  assert.is(created.status, 201, created.text);
  const listed = await request(survivor.url, 'GET', '/api/categories', undefined, {
    ...context.admin,
    ...fromNewAddress(),
  });
  assert.ok((listed.json.items as { name: string }[]).some((category) => category.name === name));

  // once the survivors' projectors are still, every read model is what a replay of the whole log gives
  const knex = context.database.knex;
  const checkpoints = () =>
    knex('projection_checkpoints').orderBy('name').select('name', 'commit_position', 'prepare_position');
  let last = JSON.stringify(await checkpoints());
  for (let still = 0; still < 6;) {
    await pause(250);
    const now = JSON.stringify(await checkpoints());
    still = now === last ? still + 1 : 0;
    last = now;
  }
  const store = new PostgresEventStore(context.database.pool, context.database.url);
  const replayed = allProjections.filter((projection) => !projection.schema && projection.tables.length > 0);
  const rows = async (table: string) => (await knex(table).select('*')).map((row) => JSON.stringify(row)).sort();
  for (const projection of replayed) {
    const live = await Promise.all(projection.tables.map(rows));
    await rebuildProjection(projection, { store, knex, batchSize: 100_000 });
    const fromLog = await Promise.all(projection.tables.map(rows));
    for (const [index, table] of projection.tables.entries()) {
      const [kept, replay] = [live[index]!, fromLog[index]!];
      assert.ok(kept.length > 0 || table !== 'calendar_dates', `${table} has rows to compare`);
      assert.equal(kept, replay, `${projection.name}: ${table} as the live projectors left it equals the replay`);
    }
  }
});

test.run();
