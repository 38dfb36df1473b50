import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../support/app';
import { request } from '../support/http';
import { bearer, signIn } from '../support/identity';
import { createPublicService } from '../support/public-service';
import { queriesMade } from '../support/queries-made';

/**
 * Issue 5, item 2: what the wizard asks before it locks (a clinic's free times in the service's booking window, a
 * course's open sessions) and group-session registrations on the series' stream. Today is Tuesday 2026-11-24 in
 * Toronto; the clock starts at 09:20 there.
 */
interface Context {
  app: TestApp;
  admin: Record<string, string>;
  clinicId: number;
  courseId: number;
  serviceId: number;
}

const start = new Date('2026-11-24T14:20:00Z');
let clock = start;
const test = suite<Context>('api: public dates, sessions and registrations');
const clinicLane = {
  name: 'Nurse',
  startTime: '09:00:00',
  endTime: '10:00:00',
  durations: [{ value: 900, isDefault: true }, { value: 1800 }],
  slotInterval: 900,
};
const classLane = {
  name: 'Educator',
  startTime: '18:00:00',
  endTime: '20:00:00',
  durations: [{ value: 7200, isDefault: true }],
  slotInterval: 7200,
};
const client = (changes: Record<string, unknown> = {}) => ({
  clientData: [{ firstName: 'Ada', lastName: 'Lovelace', preferredName: '' }],
  email: 'ada@example.com',
  language: 'en',
  phone: '613-555-0100',
  phoneReminderType: 0,
  agreeValidInfo: true,
  agreePhone: true,
  ...changes,
});

const call = (context: Context, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  request(context.app.baseUrl, method, `/api${path}`, body, headers);
const dates = (context: Context, duration: number, calendarId = context.clinicId) =>
  call(context, 'GET', `/public/services/${context.serviceId}/calendar/${calendarId}/dates?duration=${duration}`);
const sessions = (context: Context, spots = 1) =>
  call(context, 'GET', `/public/services/${context.serviceId}/calendar/${context.courseId}/sessions?spots=${spots}`);

async function createCalendar(context: Context, changes: Record<string, unknown>) {
  const locationId = (await call(context, 'GET', '/locations', undefined, context.admin)).json.items[0].id;
  const categoryId = (await call(context, 'GET', '/categories', undefined, context.admin)).json.items[0].id;
  const created = await call(
    context,
    'POST',
    '/calendars',
    { enabled: true, locationId, categoryId, ...changes },
    context.admin,
  );
  assert.is(created.status, 201, JSON.stringify(created.json));
  return created.json.id as number;
}

test.before(async (context) => {
  context.app = await startTestApp({ now: () => clock });
  context.admin = bearer(
    await signIn(context.app.baseUrl, context.app.seedAdmin.email, context.app.seedAdmin.password),
  );
  context.clinicId = await createCalendar(context, {
    name: 'Availability clinic',
    lanes: [clinicLane],
    fields: [
      { name: 'firstName', required: true },
      { name: 'lastName', required: true },
      { name: 'preferredName', required: false },
      { name: 'room', required: false },
    ],
  });
  context.courseId = await createCalendar(context, {
    name: 'Availability course',
    groupSession: true,
    spots: 10,
    lanes: [classLane],
  });
  const off = await createCalendar(context, { name: 'Switched-off clinic', enabled: false, lanes: [clinicLane] });
  for (const [datesToAdd, enabled] of [
    [['2026-11-24', '2026-11-25', '2026-12-23', '2026-12-28'], true],
    [['2026-11-26'], false],
  ] as const) {
    const added = await call(
      context,
      'POST',
      `/batch/calendars/${context.clinicId}/dates`,
      { dates: datesToAdd, lanes: [clinicLane, { ...clinicLane, name: 'Nurse 2' }], enabled },
      context.admin,
    );
    assert.is(added.status, 201, JSON.stringify(added.json));
  }
  const course = await call(
    context,
    'POST',
    `/batch/calendars/${context.courseId}/dates`,
    { dates: ['2026-12-02', '2026-12-09'], lanes: [classLane], deadline: '2026-11-30', spots: 10 },
    context.admin,
  );
  assert.is(course.status, 201, JSON.stringify(course.json));
  const text = {
    title: 'Availability',
    titleFr: 'Disponibilité',
    description: 'd',
    descriptionFr: 'd',
    landingPage: 'l',
    landingPageFr: 'l',
    confirmationPage: 'c',
    confirmationPageFr: 'c',
  };
  const service = await call(
    context,
    'POST',
    '/services',
    {
      ...text,
      enabled: true,
      isPublic: true,
      minDaysAhead: 0,
      maxDaysAhead: 30,
      calendarIds: [context.courseId, off, context.clinicId],
    },
    context.admin,
  );
  assert.is(service.status, 201, JSON.stringify(service.json));
  context.serviceId = service.json.id;
});
test.after(async (context) => {
  await context.app?.stop();
});
test.before.each(() => {
  clock = start;
});

test('a public service lists its enabled calendars in its order, with their public side only', async (context) => {
  const service = (await call(context, 'GET', `/public/services/${context.serviceId}?locale=fr`)).json;
  assert.equal(
    service.calendars.map((calendar: { id: number }) => calendar.id),
    [context.courseId, context.clinicId],
    'the disabled one is left out',
  );
  const clinic = service.calendars[1];
  assert.equal(
    [clinic.name, clinic.groupSession, clinic.lockTime, clinic.emailRequired],
    ['Availability clinic', false, 300, false],
  );
  assert.equal(
    clinic.fields,
    [
      { name: 'firstName', required: true },
      { name: 'lastName', required: true },
      { name: 'preferredName', required: false },
    ],
    'no staff-only field',
  );
  assert.ok(clinic.location.name.length > 0);
  assert.is(service.calendars[0].groupSession, true);
});

test('dates: the booking window from today, only times free for the whole duration, none that has passed', async (context) => {
  const answer = await dates(context, 900);
  assert.is(answer.status, 200);
  assert.equal(
    answer.json.items.map((item: { date: string }) => item.date),
    ['2026-11-24', '2026-11-25', '2026-12-23'],
    'disabled and beyond-window dates left out',
  );
  const [today, tomorrow] = answer.json.items;
  assert.equal(
    today.timeslots.map((slot: { time: string }) => slot.time),
    ['09:30:00', '09:45:00'],
    '09:00 and 09:15 have passed at 09:20',
  );
  assert.equal(
    tomorrow.timeslots.map((slot: { time: string }) => slot.time),
    ['09:00:00', '09:15:00', '09:30:00', '09:45:00'],
    'one entry a time over two lanes',
  );
  const long = (await dates(context, 1800)).json.items[1].timeslots.map((slot: { time: string }) => slot.time);
  assert.equal(long, ['09:00:00', '09:15:00', '09:30:00'], 'half an hour does not fit from 09:45');
  assert.equal((await dates(context, 3600)).json.items, [], 'a duration no lane offers');
});

test('dates: a time held on both lanes disappears; held on one, the other lane offers it', async (context) => {
  const before = (await dates(context, 900)).json.items[1].timeslots[0];
  const first = await call(context, 'POST', '/public/locks', {
    calendarDateLaneId: before.id,
    startTime: '09:00:00',
    endTime: '09:15:00',
    serviceId: context.serviceId,
  });
  assert.is(first.status, 201);
  const after = (await dates(context, 900)).json.items[1].timeslots[0];
  assert.equal(after.time, '09:00:00');
  assert.not.equal(after.id, before.id);
  assert.is(
    (
      await call(context, 'POST', '/public/locks', {
        calendarDateLaneId: after.id,
        startTime: '09:00:00',
        endTime: '09:15:00',
        serviceId: context.serviceId,
      })
    ).status,
    201,
  );
  assert.is((await dates(context, 900)).json.items[1].timeslots[0].time, '09:15:00');
});

test('dates: a lock frees its time again when it lapses, though nothing was written since', async (context) => {
  const times = async () =>
    (await dates(context, 900)).json.items
      .find((item: { date: string }) => item.date === '2026-12-23')
      .timeslots.map((slot: { time: string }) => slot.time);
  const lanes = (
    await call(context, 'GET', `/calendars/${context.clinicId}/dates/2026-12-23`, undefined, context.admin)
  ).json.lanes.map((lane: { id: number }) => lane.id);
  for (const laneId of lanes) {
    const lock = await call(context, 'POST', '/public/locks', {
      calendarDateLaneId: laneId,
      startTime: '09:45:00',
      endTime: '10:00:00',
      serviceId: context.serviceId,
    });
    assert.is(lock.status, 201, JSON.stringify(lock.json));
  }
  assert.equal(await times(), ['09:00:00', '09:15:00', '09:30:00'], 'held on both lanes');
  clock = new Date(start.getTime() + 301_000);
  assert.equal(await times(), ['09:00:00', '09:15:00', '09:30:00', '09:45:00'], 'the calendar locks for 300 s');
});

test('dates: a date stored before free times were kept gets them computed when asked', async (context) => {
  const knex = context.app.server.database.knex;
  const expected = (await dates(context, 900)).json.items;
  await knex('calendar_dates')
    .where({ calendar_id: context.clinicId })
    .update({ free_times: null, free_times_from: null, free_times_until: null });
  assert.equal((await dates(context, 900)).json.items, expected);
});

test('dates: shared caches may reuse an answer two seconds; a browser revalidates and gets a 304 while nothing changed', async (context) => {
  const first = await dates(context, 900);
  assert.is(first.headers.get('cache-control'), 'public, max-age=0, s-maxage=2');
  const etag = first.headers.get('etag')!;
  assert.ok(etag, 'an ETag');
  const path = `/public/services/${context.serviceId}/calendar/${context.clinicId}/dates?duration=900`;
  // As a browser revalidates (Node's fetch would otherwise send `no-cache`, which asks for a full answer).
  const revalidate = { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' };
  assert.is((await call(context, 'GET', path, undefined, revalidate)).status, 304);
  const slot = first.json.items[1].timeslots.at(-1);
  const lock = await call(context, 'POST', '/public/locks', {
    calendarDateLaneId: slot.id,
    startTime: slot.time,
    endTime: '10:00:00',
    serviceId: context.serviceId,
  });
  assert.is(lock.status, 201);
  const changed = await call(context, 'GET', path, undefined, revalidate);
  assert.is(changed.status, 200, 'the lock changed the answer');
  assert.not.equal(changed.headers.get('etag'), etag);
  assert.is(
    (await call(context, 'GET', '/public/services/' + context.serviceId, undefined)).headers.get('cache-control'),
    'no-store',
    'other calls are not cached',
  );
});

test('dates: requests of one version arriving while its answer is made wait for that one answer', async (context) => {
  const knex = context.app.server.database.knex;
  await dates(context, 900);
  clock = new Date(clock.getTime() + 1_000); // a new second: a new version, as every second under a rush
  const { answer: answers, queries } = await queriesMade(knex, () =>
    Promise.all(Array.from({ length: 20 }, () => dates(context, 900))),
  );
  assert.equal(
    answers.map((answer) => answer.status),
    Array.from({ length: 20 }, () => 200),
  );
  assert.equal(new Set(answers.map((answer) => answer.headers.get('etag'))).size, 1, 'one answer');
  const made = queries.filter((sql) => sql.includes('free_times'));
  assert.is(made.length, 1, 'the free times read once for the 20 requests');
});

test('dates: an answer is made once a version: given again until a read model moves or a second passes', async (context) => {
  const knex = context.app.server.database.knex;
  const before = (await dates(context, 900)).json.items.map((item: { date: string }) => item.date);
  assert.ok(before.includes('2026-12-23'));
  // Behind the projectors' back: no read model moves, so the answer made before is given again.
  await knex('calendar_dates').where({ calendar_id: context.clinicId, date: '2026-12-23' }).update({ enabled: false });
  try {
    assert.equal(
      (await dates(context, 900)).json.items.map((item: { date: string }) => item.date),
      before,
      'the same second, the same read models',
    );
    clock = new Date(start.getTime() + 1_000);
    assert.not.ok(
      (await dates(context, 900)).json.items.some((item: { date: string }) => item.date === '2026-12-23'),
      'made again a second later',
    );
  } finally {
    await knex('calendar_dates').where({ calendar_id: context.clinicId, date: '2026-12-23' }).update({ enabled: true });
  }
});

test('a passed time of today cannot be locked by the public', async (context) => {
  const laneId = (
    await call(context, 'GET', `/calendars/${context.clinicId}/dates/2026-11-24`, undefined, context.admin)
  ).json.lanes[0].id;
  const passed = await call(context, 'POST', '/public/locks', {
    calendarDateLaneId: laneId,
    startTime: '09:15:00',
    endTime: '09:30:00',
    serviceId: context.serviceId,
  });
  assert.equal([passed.status, passed.json.error], [409, 'SLOT_UNAVAILABLE']);
  assert.is(
    (
      await call(context, 'POST', '/public/locks', {
        calendarDateLaneId: laneId,
        startTime: '09:30:00',
        endTime: '09:45:00',
        serviceId: context.serviceId,
      })
    ).status,
    201,
  );
});

test('dates and sessions: 404 for a calendar the service does not offer, 400 for a bad query', async (context) => {
  assert.is((await dates(context, 900, 999_999)).status, 404);
  const bad = await call(
    context,
    'GET',
    `/public/services/${context.serviceId}/calendar/${context.clinicId}/dates?duration=soon`,
  );
  assert.equal([bad.status, bad.json.issues[0].path], [400, ['duration']]);
  assert.is(
    (await call(context, 'GET', `/public/services/${context.serviceId}/calendar/${context.courseId}/sessions?spots=0`))
      .status,
    400,
  );
  assert.equal((await dates(context, 7200, context.courseId)).json.items, [], 'a course has sessions, not dates');
});

test('sessions: open ones with their dates and spots left; locked while others hold every spot left', async (context) => {
  const [session] = (await sessions(context)).json.items;
  assert.equal(
    {
      time: session.time,
      endTime: session.endTime,
      duration: session.duration,
      spots: session.spots,
      isLocked: session.isLocked,
      deadline: session.deadline,
    },
    { time: '18:00:00', endTime: '20:00:00', duration: 7200, spots: 10, isLocked: false, deadline: '2026-11-30' },
  );
  assert.equal(
    session.sessionDates.map((sessionDate: { date: string }) => sessionDate.date),
    ['2026-12-02', '2026-12-09'],
  );
  assert.equal((await sessions(context, 11)).json.items, []);
  const hold = await call(context, 'POST', '/public/locks', {
    calendarDateLaneId: session.id,
    startTime: session.time,
    endTime: session.endTime,
    spots: 10,
    serviceId: context.serviceId,
  });
  assert.is(hold.status, 201);
  assert.is((await sessions(context)).json.items[0].isLocked, true);
  const refused = await call(context, 'POST', '/public/locks', {
    calendarDateLaneId: session.id,
    startTime: session.time,
    endTime: session.endTime,
    serviceId: context.serviceId,
  });
  assert.equal([refused.status, refused.json.error], [409, 'SLOT_UNAVAILABLE']);
  await call(context, 'DELETE', `/public/locks/${hold.json.token}`);
  assert.is((await sessions(context)).json.items[0].isLocked, false);
});

test('100 concurrent registrations of 1 to 3 spots against 10 spots: never more than 10, and the read model agrees', async (context) => {
  const [session] = (await sessions(context)).json.items;
  const register = async (index: number) => {
    const spots = (index % 3) + 1;
    const hold = await call(context, 'POST', '/public/locks', {
      calendarDateLaneId: session.id,
      startTime: session.time,
      endTime: session.endTime,
      spots,
      serviceId: context.serviceId,
    });
    if (hold.status !== 201) return { spots, status: hold.status, error: hold.json.error };
    const booked = await call(context, 'POST', '/public/appointments', {
      ...client(),
      lockToken: hold.json.token,
      spots,
      serviceId: context.serviceId,
    });
    return { spots, status: booked.status, error: booked.json.error };
  };
  const outcomes = await Promise.all(Array.from({ length: 100 }, (_, index) => register(index)));
  const accepted = outcomes.filter((outcome) => outcome.status === 201);
  const taken = accepted.reduce((sum, outcome) => sum + outcome.spots, 0);
  assert.ok(
    outcomes.every(
      (outcome) => outcome.status === 201 || (outcome.status === 409 && outcome.error === 'SLOT_UNAVAILABLE'),
    ),
    JSON.stringify(outcomes.filter((o) => o.status !== 201)),
  );
  assert.ok(taken <= 10, `${taken} spots sold`);
  assert.ok(taken >= 8, `the spots go to the early callers (${taken})`);
  const series = (
    await call(context, 'GET', `/calendars/${context.courseId}/group-session-series`, undefined, context.admin)
  ).json.items[0];
  assert.equal([series.spotsAvailable, series.registrationCount], [10 - taken, accepted.length]);
  const date = (await call(context, 'GET', `/calendars/${context.courseId}/dates/2026-12-02`, undefined, context.admin))
    .json;
  assert.equal([date.spotsAvailable, date.registrationCount], [10 - taken, accepted.length]);
  const left = (await sessions(context)).json.items;
  assert.equal(left.length === 0 ? 0 : left[0].spots, 10 - taken);
});

test('registration closes after the deadline day', async (context) => {
  const laneId = (
    await call(context, 'GET', `/calendars/${context.courseId}/dates/2026-12-02`, undefined, context.admin)
  ).json.lanes[0].id;
  clock = new Date('2026-12-01T14:00:00Z');
  assert.equal((await sessions(context)).json.items, []);
  const late = await call(context, 'POST', '/public/locks', {
    calendarDateLaneId: laneId,
    startTime: '18:00:00',
    endTime: '20:00:00',
    serviceId: context.serviceId,
  });
  assert.equal([late.status, late.json.error], [409, 'REGISTRATION_CLOSED']);
});

test('a booking through a service keeps its form rules: required e-mail and consents', async (context) => {
  const text = {
    title: 'Strict',
    titleFr: 'Stricte',
    description: 'd',
    descriptionFr: 'd',
    landingPage: 'l',
    landingPageFr: 'l',
    confirmationPage: 'c',
    confirmationPageFr: 'c',
  };
  const strict = await call(
    context,
    'POST',
    '/services',
    {
      ...text,
      enabled: true,
      isPublic: true,
      emailRequired: true,
      consentRequired: true,
      minDaysAhead: 0,
      calendarIds: [context.clinicId],
    },
    context.admin,
  );
  assert.is(strict.status, 201, JSON.stringify(strict.json));
  const slot = (await dates(context, 900)).json.items[2].timeslots[0];
  const lock = await call(context, 'POST', '/public/locks', {
    calendarDateLaneId: slot.id,
    startTime: slot.time,
    endTime: '09:15:00',
    serviceId: context.serviceId,
  });
  for (const [changes, field] of [
    [{ email: '' }, 'email'],
    [{ agreeValidInfo: false }, 'agreeValidInfo'],
    [{ agreePhone: false }, 'agreePhone'],
  ] as const) {
    const refused = await call(context, 'POST', '/public/appointments', {
      ...client(changes),
      lockToken: lock.json.token,
      serviceId: strict.json.id,
    });
    assert.equal([refused.status, refused.json.issues?.[0]?.path], [400, [field]]);
  }
  const booked = await call(context, 'POST', '/public/appointments', {
    ...client(),
    lockToken: lock.json.token,
    serviceId: strict.json.id,
  });
  assert.is(booked.status, 201);
});

test('a booking through a service stays inside it: its calendars and its booking window', async (context) => {
  const text = {
    title: 'Window',
    titleFr: 'Fenêtre',
    description: 'd',
    descriptionFr: 'd',
    landingPage: 'l',
    landingPageFr: 'l',
    confirmationPage: 'c',
    confirmationPageFr: 'c',
  };
  const window = await call(
    context,
    'POST',
    '/services',
    { ...text, enabled: true, isPublic: true, minDaysAhead: 1, maxDaysAhead: 30, calendarIds: [context.clinicId] },
    context.admin,
  );
  const courseOnly = await call(
    context,
    'POST',
    '/services',
    { ...text, enabled: true, isPublic: true, calendarIds: [context.courseId] },
    context.admin,
  );
  assert.equal([window.status, courseOnly.status], [201, 201]);
  const wide = await createPublicService(context.app.baseUrl, context.admin, [context.clinicId]);
  const lockOn = async (date: string, startTime: string, endTime: string) => {
    const laneId = (
      await call(context, 'GET', `/calendars/${context.clinicId}/dates/${date}`, undefined, context.admin)
    ).json.lanes[1].id;
    const lock = await call(context, 'POST', '/public/locks', {
      calendarDateLaneId: laneId,
      startTime,
      endTime,
      serviceId: wide,
    });
    assert.is(lock.status, 201, JSON.stringify(lock.json));
    return lock.json.token as string;
  };
  const book = (lockToken: string, serviceId: number) =>
    call(context, 'POST', '/public/appointments', { ...client(), lockToken, serviceId });

  const today = await lockOn('2026-11-24', '09:45:00', '10:00:00');
  const tooFar = await lockOn('2026-12-28', '09:00:00', '09:15:00');
  const inside = await lockOn('2026-11-25', '09:30:00', '09:45:00');
  for (const [token, serviceId, why] of [
    [today, window.json.id, 'today is before a minimum of one day ahead'],
    [tooFar, window.json.id, '34 days ahead is after the maximum of 30'],
    [inside, courseOnly.json.id, 'the service does not offer the clinic'],
  ] as const) {
    const refused = await book(token, serviceId);
    assert.equal([refused.status, refused.json.error], [409, 'SLOT_UNAVAILABLE'], why);
  }
  const booked = await book(inside, window.json.id);
  assert.is(booked.status, 201, 'the lock refused through another service still books through its own');

  // A lock that names its service is refused at once, before the visitor fills the form.
  const laneOn = async (date: string) =>
    (await call(context, 'GET', `/calendars/${context.clinicId}/dates/${date}`, undefined, context.admin)).json.lanes[1]
      .id as number;
  const lockThrough = async (serviceId: number, date: string, startTime: string, endTime: string) =>
    call(context, 'POST', '/public/locks', { calendarDateLaneId: await laneOn(date), startTime, endTime, serviceId });
  for (const [serviceId, date, why] of [
    [window.json.id, '2026-11-24', 'before the window'],
    [window.json.id, '2026-12-28', 'after the window'],
    [courseOnly.json.id, '2026-11-25', 'not a calendar of the service'],
  ] as const) {
    const refused = await lockThrough(serviceId, date, '09:45:00', '10:00:00');
    assert.equal([refused.status, refused.json.error], [409, 'SLOT_UNAVAILABLE'], why);
  }
  assert.equal((await lockThrough(999_999, '2026-11-25', '09:45:00', '10:00:00')).json.error, 'SERVICE_NOT_FOUND');
  assert.is((await lockThrough(window.json.id, '2026-11-25', '09:45:00', '10:00:00')).status, 201, 'inside the window');
  const bookedOn = async (date: string) =>
    JSON.stringify(
      (await call(context, 'GET', `/calendars/${context.clinicId}/dates/${date}?timeslots=1`, undefined, context.admin))
        .json,
    ).includes('Lovelace');
  assert.ok(await bookedOn('2026-11-25'), 'the day lists the booked client');
  assert.equal(
    [await bookedOn('2026-11-24'), await bookedOn('2026-12-28')],
    [false, false],
    'a refused booking wrote nothing',
  );
});

test.run();
