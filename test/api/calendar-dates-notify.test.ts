import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../support/app';
import { request } from '../support/http';
import { bearer, signIn } from '../support/identity';

/**
 * Issue 19: staff's "notify the clients" when a whole date moves (PUT batch/calendars/{id}/dates/patch) reaches the
 * recorded CalendarDateMovedHere only when asked; a bad flag is a 400 naming it. Today is 2026-11-24 in Toronto.
 */
interface Context {
  app: TestApp;
  root: Record<string, string>;
  calendarId: number;
  lanes: Record<string, number>;
}

const clock = new Date('2026-11-24T14:00:00Z');
const test = suite<Context>('api: notify the clients of a date moved');
const lane = {
  name: 'Nurse',
  startTime: '09:00:00',
  endTime: '11:00:00',
  durations: [{ value: 900, isDefault: true }],
  slotInterval: 900,
};

const call = (context: Context, method: string, path: string, body?: unknown) =>
  request(context.app.baseUrl, method, `/api${path}`, body, context.root);

async function book(context: Context, date: string) {
  const held = await call(context, 'POST', '/locks', {
    calendarDateLaneId: context.lanes[date],
    startTime: '09:00:00',
    endTime: '09:15:00',
  });
  assert.is(held.status, 201, held.text);
  const booked = await call(context, 'POST', '/appointments', {
    lockToken: held.json.token,
    startTime: '09:00:00',
    endTime: '09:15:00',
    clientData: [{ firstName: 'Ada', lastName: 'Lovelace' }],
    email: 'ada@example.org',
    language: 'en',
    phone: '613-555-0100',
    phoneReminderType: 0,
  });
  assert.is(booked.status, 201, booked.text);
}

const move = (context: Context, fromDate: string, toDate: string, extra = {}) =>
  call(context, 'PUT', `/batch/calendars/${context.calendarId}/dates/patch`, {
    fromDates: [fromDate],
    toDates: [toDate],
    ...extra,
  });

/** The `notifyClients` of the date's CalendarDateMovedHere, or 'absent'. */
async function notifyOn(context: Context, date: string): Promise<boolean | 'absent'> {
  const { events } = await context.app.server.store.readStream(`calendarDate-${context.calendarId}_${date}`);
  const event = events.find((candidate) => candidate.type === 'CalendarDateMovedHere');
  assert.ok(event, `the date arrived on ${date}`);
  const data = event.data as { notifyClients?: boolean };
  return 'notifyClients' in data ? data.notifyClients! : 'absent';
}

test.before(async (context) => {
  context.app = await startTestApp({ now: () => clock });
  context.root = bearer(await signIn(context.app.baseUrl, context.app.seedAdmin.email, context.app.seedAdmin.password));
  const locationId = (await call(context, 'GET', '/locations')).json.items[0].id;
  const categoryId = (await call(context, 'GET', '/categories')).json.items[0].id;
  const calendar = await call(context, 'POST', '/calendars', {
    name: 'Date move clinic',
    enabled: true,
    locationId,
    categoryId,
    lanes: [lane],
  });
  assert.is(calendar.status, 201, calendar.text);
  context.calendarId = calendar.json.id;
  const added = await call(context, 'POST', `/batch/calendars/${context.calendarId}/dates`, {
    dates: ['2026-11-25', '2026-11-26', '2026-11-27'],
    lanes: [lane],
  });
  assert.is(added.status, 201, added.text);
  context.lanes = Object.fromEntries(
    added.json.items.map((item: { date: string; lanes: { id: number }[] }) => [item.date, item.lanes[0]!.id]),
  );
});
test.after(async (context) => {
  await context.app?.stop();
});

test('a booked date moved with notifyClients records the request; not asked, none', async (context) => {
  await book(context, '2026-11-25');
  await book(context, '2026-11-26');
  assert.is((await move(context, '2026-11-25', '2026-12-02', { notifyClients: true })).status, 200);
  assert.is(await notifyOn(context, '2026-12-02'), true);
  assert.is((await move(context, '2026-11-26', '2026-12-03')).status, 200);
  assert.is(await notifyOn(context, '2026-12-03'), 'absent', 'omitted: false');
});

test('a date without bookings records no request, even when asked', async (context) => {
  assert.is((await move(context, '2026-11-27', '2026-12-04', { notifyClients: true })).status, 200);
  assert.is(await notifyOn(context, '2026-12-04'), 'absent');
});

test('a bad notifyClients is a 400 naming it, and nothing moves', async (context) => {
  const refused = await move(context, '2026-12-02', '2026-12-09', { notifyClients: 'yes' });
  assert.equal([refused.status, refused.json.issues?.[0]?.path], [400, ['notifyClients']]);
  const { events } = await context.app.server.store.readStream(`calendarDate-${context.calendarId}_2026-12-09`);
  assert.is(events.length, 0);
});

test.run();
