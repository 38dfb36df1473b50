import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Role } from '../../domain/users/user';
import { startTestApp, type TestApp } from '../support/app';
import { request } from '../support/http';
import { bearer, createUser, mailsTo, mailText, signIn, STRONG_PASSWORD } from '../support/identity';
import { startSmtpCapture } from '../support/smtp-capture';

/** Request forms (issue 16 item 1; §2.3, §3, §5, §7, §9) over real HTTP, PostgreSQL and SMTP. */

type Staff = 'root' | 'admin' | 'nurse' | 'colleague' | 'frontend';

interface Context {
  app: TestApp;
  capture: Awaited<ReturnType<typeof startSmtpCapture>>;
  tokens: Record<Staff, string>;
  ids: Record<Staff, number>;
  calendarId: number;
  locationId: number;
}

const test = suite<Context>('api: request forms');

const STAFF: Record<Exclude<Staff, 'root'>, { email: string; role: Role; lastName: string }> = {
  admin: { email: 'rf.admin@example.com', role: 'ROLE_ADMIN', lastName: 'Admin' },
  nurse: { email: 'rf.nurse@example.com', role: 'ROLE_USER', lastName: 'Nurse' },
  colleague: { email: 'rf.colleague@example.com', role: 'ROLE_USER', lastName: 'Colleague' },
  frontend: { email: 'rf.frontend@example.com', role: 'ROLE_FRONTEND', lastName: 'Frontend' },
};

const clock = new Date('2026-11-22T15:00:00.000Z');

const call = (context: Context, who: Staff, method: string, path: string, body?: unknown) =>
  request(context.app.baseUrl, method, `/api${path}`, body, bearer(context.tokens[who]));

const lane = {
  name: 'Lane 1',
  startTime: '08:30',
  endTime: '16:00',
  slotInterval: 15,
  durations: [15, 30],
  breakTimeAm: '10:15',
  breakTimePm: null,
  lunchTimeStart: '12:00',
  lunchTimeEnd: '13:00',
  firstAppointmentTime: '08:45',
  lastAppointmentTime: '15:30',
  clinicDates: ['2026-12-03', '2026-12-10'],
};
const newCalendar = (context: Context, extra: Record<string, unknown> = {}) => ({
  requestType: 'requestformcalendar',
  calendarName: 'Travel clinic',
  locationId: context.locationId,
  enableOn: '2026-12-01',
  showOnCalendarOverview: true,
  fields: 'first name, last name, date of birth',
  schedule: 'Thursday mornings',
  laneCount: 1,
  lanes: [lane],
  additionalInformation: 'For the winter season',
  ...extra,
});
const moreDates = (context: Context, extra: Record<string, unknown> = {}) => ({
  requestType: 'requestformdates',
  calendarId: context.calendarId,
  laneCount: 2,
  sameLaneData: true,
  lanes: [{ ...lane, clinicDates: ['2026-11-02', '2027-11-22'] }],
  ...extra,
});

function assertRefused(response: Awaited<ReturnType<typeof request>>, status: number, code: string, field?: string) {
  assert.is(response.status, status, response.text);
  assert.is(response.json?.error, code, response.text);
  if (field) {
    const paths = (response.json.issues as { path: (string | number)[] }[]).map((issue) => issue.path.join('.'));
    assert.ok(paths.includes(field), `${field} named among ${paths.join(', ')}`);
  }
}

test.before(async (context) => {
  context.capture = await startSmtpCapture();
  context.app = await startTestApp({ now: () => clock, smtpUrl: context.capture.url });
  const { baseUrl, seedAdmin } = context.app;
  const root = await signIn(baseUrl, seedAdmin.email, seedAdmin.password);
  context.tokens = { root } as Context['tokens'];
  context.ids = { root: (await request(baseUrl, 'GET', '/api/me', undefined, bearer(root))).json.id } as Context['ids'];
  for (const [who, { email, role, lastName }] of Object.entries(STAFF) as [
    Exclude<Staff, 'root'>,
    (typeof STAFF)['admin'],
  ][]) {
    context.ids[who] = await createUser(baseUrl, root, {
      email,
      firstName: 'Staff',
      lastName,
      roles: [role],
      password: STRONG_PASSWORD,
    });
    context.tokens[who] = await signIn(baseUrl, email, STRONG_PASSWORD);
  }
  const calendars = await request(baseUrl, 'GET', '/api/calendars', undefined, bearer(root));
  context.calendarId = calendars.json.items[0].id;
  const locations = await request(baseUrl, 'GET', '/api/locations', undefined, bearer(root));
  context.locationId = locations.json.items[0].id;
});
test.after(async (context) => {
  await context.app?.stop();
  await context.capture?.stop();
});

test('a Basic User submits a request for a new calendar and gets the whole form back', async (context) => {
  const response = await call(context, 'nurse', 'POST', '/request-forms', newCalendar(context));
  assert.is(response.status, 201, response.text);
  const form = response.json;
  assert.ok(form.id > 0);
  assert.is(form.requestType, 'requestformcalendar');
  assert.is(form.calendarName, 'Travel clinic');
  assert.is(form.locationId, context.locationId);
  assert.is(form.enableOn, '2026-12-01');
  assert.is(form.showOnCalendarOverview, true);
  assert.is(form.groupSessions, false);
  assert.is(form.calendarId, null);
  assert.is(form.laneCount, 1);
  assert.equal(form.lanes, [lane]);
  assert.is(form.createdAt, clock.toISOString());
  assert.equal(form.createdBy, { id: context.ids.nurse, name: 'Staff Nurse' });
  assert.is(form.fulfilledAt, null);
  assert.is(form.fulfilledCalendarId, null);
  assert.is(form.confirmationTemplateId, null);
  const again = await call(context, 'nurse', 'GET', `/request-forms/${form.id}`);
  assert.equal(again.json, form);
});

test('every administrator is e-mailed a bilingual notice with a link to the request', async (context) => {
  const before = context.capture.messages.length;
  const response = await call(context, 'colleague', 'POST', '/request-forms', moreDates(context));
  assert.is(response.status, 201, response.text);
  // The notices go out after the answer (earlier tests' may still be arriving): this request's, once all are in.
  const link = `/admin/request-forms/${response.json.id}/view`;
  const noticesOfThis = () => context.capture.messages.slice(before).filter((mail) => mailText(mail).includes(link));
  for (let waited = 0; noticesOfThis().length < 2 && waited < 5000; waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50));
  await new Promise((resolve) => setTimeout(resolve, 300));
  const notices = noticesOfThis();
  const recipients = notices.flatMap((mail) => mail.to).sort();
  assert.equal(recipients, [STAFF.admin.email, context.app.seedAdmin.email].sort());
  const [notice] = mailsTo(notices, STAFF.admin.email);
  const text = mailText(notice!);
  assert.match(text, 'Staff Colleague has submitted a request for dates for an existing calendar.');
  assert.match(text, 'Staff Colleague a soumis une demande pour des dates pour un calendrier existant.');
  assert.match(text, link);
  assert.not.ok(mailsTo(notices, STAFF.nurse.email).length, 'Basic Users are not told');
});

test('the list is newest first with the summary fields, filtered by type, paged with a total', async (context) => {
  const all = await call(context, 'root', 'GET', '/request-forms');
  assert.is(all.status, 200, all.text);
  assert.ok(all.json.total >= 2);
  assert.is(all.json.items.length, all.json.total);
  const [newest] = all.json.items;
  assert.equal(Object.keys(newest).sort(), [
    'calendarId',
    'calendarName',
    'createdAt',
    'createdBy',
    'fulfilledAt',
    'fulfilledCalendarId',
    'id',
    'requestType',
  ]);
  const ids = all.json.items.map((item: { id: number }) => item.id);
  assert.equal(
    ids,
    [...ids].sort((a: number, b: number) => b - a),
  );

  const filters = encodeURIComponent(JSON.stringify({ requestType: 'requestformdates' }));
  const dates = await call(context, 'root', 'GET', `/request-forms?filters=${filters}`);
  assert.is(dates.status, 200, dates.text);
  assert.ok(dates.json.items.length >= 1);
  for (const item of dates.json.items) {
    assert.is(item.requestType, 'requestformdates');
    assert.is(item.calendarId, context.calendarId);
    assert.type(item.calendarName, 'string', 'the existing calendar is named');
  }
  assert.is(dates.json.total, dates.json.items.length);

  const page = await call(context, 'root', 'GET', '/request-forms?limit=1&offset=1');
  assert.equal(
    page.json.items.map((item: { id: number }) => item.id),
    [ids[1]],
  );
  assert.is(page.json.total, all.json.total);
});

test('a Basic User sees only their own requests; another one is not found to them', async (context) => {
  const own = await call(context, 'nurse', 'GET', '/request-forms');
  assert.ok(own.json.items.length >= 1);
  for (const item of own.json.items) assert.is(item.createdBy.id, context.ids.nurse);
  assert.is(own.json.total, own.json.items.length);

  const theirs = await call(context, 'colleague', 'GET', '/request-forms');
  const colleaguesRequest = theirs.json.items[0].id as number;
  assertRefused(
    await call(context, 'nurse', 'GET', `/request-forms/${colleaguesRequest}`),
    404,
    'REQUEST_FORM_NOT_FOUND',
  );
  assert.is((await call(context, 'admin', 'GET', `/request-forms/${colleaguesRequest}`)).status, 200);
  const everyone = await call(context, 'admin', 'GET', '/request-forms');
  assert.ok(everyone.json.total > own.json.total);
  assertRefused(await call(context, 'root', 'GET', '/request-forms/999999'), 404, 'REQUEST_FORM_NOT_FOUND');
});

test('the Frontend Administrator is refused like on other staff screens', async (context) => {
  assertRefused(await call(context, 'frontend', 'GET', '/request-forms'), 403, 'FORBIDDEN');
  assertRefused(await call(context, 'frontend', 'POST', '/request-forms', newCalendar(context)), 403, 'FORBIDDEN');
});

test('bad input is a 400 naming the field', async (context) => {
  const post = (body: unknown) => call(context, 'nurse', 'POST', '/request-forms', body);
  const withLane = (changes: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    newCalendar(context, { lanes: [{ ...lane, ...changes }], ...extra });
  assertRefused(await post(newCalendar(context, { requestType: 'other' })), 400, 'VALIDATION_FAILED', 'requestType');
  assertRefused(await post(newCalendar(context, { calendarName: null })), 400, 'VALIDATION_FAILED', 'calendarName');
  assertRefused(await post(newCalendar(context, { locationId: null })), 400, 'VALIDATION_FAILED', 'locationId');
  assertRefused(await post(newCalendar(context, { locationId: 999999 })), 400, 'UNKNOWN_LOCATION', 'locationId');
  assertRefused(await post(newCalendar(context, { enableOn: null })), 400, 'VALIDATION_FAILED', 'enableOn');
  assertRefused(await post(newCalendar(context, { enableOn: '2026-13-01' })), 400, 'VALIDATION_FAILED', 'enableOn');
  assertRefused(await post(moreDates(context, { calendarId: null })), 400, 'VALIDATION_FAILED', 'calendarId');
  assertRefused(await post(moreDates(context, { calendarId: 999999 })), 400, 'UNKNOWN_CALENDAR', 'calendarId');
  assertRefused(await post(newCalendar(context, { laneCount: 5 })), 400, 'VALIDATION_FAILED', 'laneCount');
  assertRefused(await post(newCalendar(context, { laneCount: 2 })), 400, 'REQUEST_LANES_MISMATCH', 'lanes');
  assertRefused(
    await post(newCalendar(context, { reminderTemplateId: 999999 })),
    400,
    'UNKNOWN_TEMPLATE',
    'reminderTemplateId',
  );
  assertRefused(await post(withLane({ name: '' })), 400, 'VALIDATION_FAILED', 'lanes.0.name');
  assertRefused(await post(withLane({ startTime: '8:30' })), 400, 'VALIDATION_FAILED', 'lanes.0.startTime');
  assertRefused(await post(withLane({ startTime: '05:30' })), 400, 'REQUEST_TIME_OUT_OF_RANGE', 'lanes.0.startTime');
  assertRefused(await post(withLane({ endTime: '18:30' })), 400, 'REQUEST_TIME_OUT_OF_RANGE', 'lanes.0.endTime');
  assertRefused(await post(withLane({ endTime: '08:00' })), 400, 'REQUEST_TIMES_OUT_OF_ORDER', 'lanes.0.endTime');
  assertRefused(
    await post(withLane({ lastAppointmentTime: '08:40' })),
    400,
    'REQUEST_TIMES_OUT_OF_ORDER',
    'lanes.0.lastAppointmentTime',
  );
  assertRefused(await post(withLane({ slotInterval: 7 })), 400, 'INVALID_DURATION', 'lanes.0.slotInterval');
  assertRefused(await post(withLane({ durations: [] })), 400, 'VALIDATION_FAILED', 'lanes.0.durations');
  assertRefused(await post(withLane({ clinicDates: [] })), 400, 'VALIDATION_FAILED', 'lanes.0.clinicDates');
  assertRefused(
    await post(withLane({ clinicDates: ['2026-10-31'] })),
    400,
    'CLINIC_DATE_OUT_OF_RANGE',
    'lanes.0.clinicDates.0',
  );
  assertRefused(
    await post(withLane({ clinicDates: ['2027-11-23'] })),
    400,
    'CLINIC_DATE_OUT_OF_RANGE',
    'lanes.0.clinicDates.0',
  );
  assertRefused(await post(newCalendar(context, { unknown: 1 })), 400, 'VALIDATION_FAILED');
  assertRefused(await post('not json'), 400, 'INVALID_JSON');
  assertRefused(await call(context, 'root', 'GET', '/request-forms?filters=nope'), 400, 'VALIDATION_FAILED', 'filters');
  assertRefused(
    await call(context, 'root', 'GET', `/request-forms?filters=${encodeURIComponent('{"requestType":"x"}')}`),
    400,
    'VALIDATION_FAILED',
    'filters',
  );
  assertRefused(await call(context, 'root', 'GET', '/request-forms?limit=0'), 400, 'VALIDATION_FAILED', 'limit');
  assertRefused(await call(context, 'root', 'GET', '/request-forms/abc'), 400, 'VALIDATION_FAILED', 'id');
});

test('an administrator marks a request done; it shows the calendar and cannot be done twice', async (context) => {
  const submitted = await call(context, 'nurse', 'POST', '/request-forms', moreDates(context));
  const id = submitted.json.id as number;
  assertRefused(
    await call(context, 'nurse', 'POST', `/request-forms/${id}/fulfilment`, { calendarId: context.calendarId }),
    403,
    'FORBIDDEN',
  );
  assertRefused(
    await call(context, 'admin', 'POST', `/request-forms/${id}/fulfilment`, { calendarId: context.calendarId + 999 }),
    400,
    'UNKNOWN_CALENDAR',
    'calendarId',
  );
  assertRefused(
    await call(context, 'admin', 'POST', `/request-forms/${id}/fulfilment`, {}),
    400,
    'VALIDATION_FAILED',
    'calendarId',
  );
  const done = await call(context, 'admin', 'POST', `/request-forms/${id}/fulfilment`, {
    calendarId: context.calendarId,
  });
  assert.is(done.status, 200, done.text);
  assert.is(done.json.fulfilledAt, clock.toISOString());
  assert.is(done.json.fulfilledCalendarId, context.calendarId);
  assert.equal(done.json.fulfilledBy, { id: context.ids.admin, name: 'Staff Admin' });
  assert.equal(done.json.fulfilledDates, ['2026-11-02', '2027-11-22']);
  const seenByRequester = await call(context, 'nurse', 'GET', `/request-forms/${id}`);
  assert.is(seenByRequester.json.fulfilledCalendarId, context.calendarId);
  const listed = (await call(context, 'nurse', 'GET', '/request-forms')).json.items.find(
    (item: { id: number }) => item.id === id,
  );
  assert.is(listed.fulfilledCalendarId, context.calendarId);
  assertRefused(
    await call(context, 'root', 'POST', `/request-forms/${id}/fulfilment`, { calendarId: context.calendarId }),
    409,
    'REQUEST_FORM_ALREADY_FULFILLED',
  );
  assertRefused(
    await call(context, 'root', 'POST', '/request-forms/999999/fulfilment', { calendarId: context.calendarId }),
    404,
    'REQUEST_FORM_NOT_FOUND',
  );
});

test('a new calendar request is done with the calendar made from it', async (context) => {
  const submitted = await call(context, 'nurse', 'POST', '/request-forms', newCalendar(context));
  const done = await call(context, 'root', 'POST', `/request-forms/${submitted.json.id}/fulfilment`, {
    calendarId: context.calendarId,
  });
  assert.is(done.status, 200, done.text);
  assert.equal(done.json.fulfilledDates, []);
  const other = await call(context, 'nurse', 'POST', '/request-forms', moreDates(context));
  const otherCalendar = (await call(context, 'root', 'GET', '/calendars')).json.items.find(
    (calendar: { id: number }) => calendar.id !== context.calendarId,
  ).id;
  assertRefused(
    await call(context, 'root', 'POST', `/request-forms/${other.json.id}/fulfilment`, { calendarId: otherCalendar }),
    400,
    'REQUEST_CALENDAR_MISMATCH',
    'calendarId',
  );
});

test.run();
