import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { waitlistOfferLookups } from '../../../api/waitlist/offer-lookups';
import { silentLogger } from '../../../commands/infrastructure/logger';
import { startWaitlistOffers } from '../../../commands/waitlist/offer-process';
import { calendarDateStream } from '../../../domain/calendar-dates/calendar-date';
import { seriesStream } from '../../../domain/group-session-series/series';
import type { WaitlistTarget } from '../../../domain/waitlist/waitlist';
import { noMailExpected } from '../../support/app-dependencies';
import { demoBooking } from '../../support/demo-booking';
import { parseMail, partOfType } from '../../support/mail-message';
import {
  addDate,
  addSeries,
  appointmentIdOf,
  book,
  call,
  clock,
  entryRow,
  join,
  mailsTo,
  START,
  startOfferFixture,
  until,
  waitlistEvents,
  type OfferFixture,
} from '../../support/waitlist-offers';

/**
 * Issue 20 item 6: the waitlist's offer process. A round with the real store and read models: a freed place is held
 * for the first in line (on the capacity's stream, under a fresh token) and offered by e-mail; a booking under the
 * token takes the offer; an unclaimed offer lapses, its hold is released and the next in line gets it. Today is
 * Tuesday 2026-11-24, 09:20 in Toronto; offers hold for the service's default 12 hours.
 */
const test = suite<OfferFixture>('commands: waitlist offers');
const NBSP = '\u00a0';

test.before(async (context) => {
  Object.assign(context, await startOfferFixture());
});
test.after(async (context) => {
  await context.stop?.();
});
test.before.each(() => {
  clock.now = START;
});

const round = (context: OfferFixture) => context.app.server.waitlistOffers.round();
const lastOf = (events: { type: string }[], type: string) =>
  events.filter((event) => event.type === type).at(-1) as any;
const streamEvents = async (context: OfferFixture, stream: string) =>
  (await context.app.server.store.readStream(stream)).events as any[];

/** A one-spot series, full (Ada registered), with two people in line; answers what the tests need of it. */
async function fullCourseWithLine(context: OfferFixture, date: string, first: string, second: [string, string]) {
  const { seriesId, laneId } = await addSeries(context, date);
  await book(context, { calendarDateLaneId: laneId, startTime: '18:00:00', endTime: '20:00:00', spots: 1 }, 'Ada');
  const place = { calendarId: context.courseId, seriesId, spots: 1 };
  const firstEntry = await join(context, place, first);
  const secondEntry = await join(context, place, second[0], second[1]);
  const target: WaitlistTarget = { kind: 'series', calendarId: context.courseId, seriesId };
  return { seriesId, laneId, target, firstEntry, secondEntry };
}

async function unregisterEveryone(context: OfferFixture, seriesId: number) {
  const path = `/calendars/${context.courseId}/group-session-series/${seriesId}/registrations`;
  for (const { appointmentId } of (await call(context, 'GET', path, undefined, true)).json.items) {
    const removed = await call(context, 'DELETE', `${path}/${appointmentId}`, undefined, true);
    assert.is(removed.status, 200, removed.text);
  }
}

const textOf = (raw: string) => partOfType(parseMail(raw), 'text/plain')!.body;

test('a course: staff unregister one, a round offers the spot to the first in line, held and e-mailed', async (context) => {
  const course = await fullCourseWithLine(context, '2026-12-02', 'bea@example.com', ['chloe@example.com', 'fr']);
  assert.equal(await round(context), { taken: 0, lapsed: 0, offered: 0 }, 'nothing free yet');
  await unregisterEveryone(context, course.seriesId);

  assert.equal(await round(context), { taken: 0, lapsed: 0, offered: 1 });
  const made = lastOf(await waitlistEvents(context, course.target), 'WaitlistOfferMade');
  assert.is(made.data.offer.entryId, course.firstEntry, 'first in, first out');
  assert.equal(made.metadata.actor, { system: 'waitlist offers' });
  const { holdToken, expiresAt } = made.data.offer;
  assert.is(expiresAt, '2026-11-25T02:20:00.000Z', 'twelve hours');
  assert.is(made.data.offer.laneId, course.laneId, 'the session the wizard shows');
  const held = lastOf(await streamEvents(context, seriesStream(course.seriesId)), 'SpotsHeld');
  assert.equal([held.data.token, held.data.spots, held.data.expiresAt], [holdToken, 1, expiresAt]);
  const sessionsPath = `/public/services/${context.serviceId}/calendar/${context.courseId}/sessions?spots=1`;
  await until('the held spot shown locked', async () => {
    const session = (await call(context, 'GET', sessionsPath)).json.items.find(
      (item: { id: number }) => item.id === course.laneId,
    );
    return session?.isLocked === true;
  });
  assert.is((await round(context))!.offered, 0, 'the held spot is not offered twice');

  const mail = await until('the offer e-mail', () => mailsTo(context, 'bea@example.com')[0]);
  const headers = parseMail(mail.raw).headers;
  assert.is(headers.subject, 'A place is free for you');
  assert.is(headers.from, 'Health Unit <no-reply@healthunit.example>', 'the notification template’s sender');
  const text = textOf(mail.raw);
  assert.match(text, `${context.app.baseUrl}/en/service/${context.serviceId}#offer=${holdToken}`);
  assert.match(text, `Wednesday, December 2, 2026, 6:00${NBSP}p.m. – 8:00${NBSP}p.m.`);
  assert.match(text, `until Tuesday, November 24, 2026 at 9:20${NBSP}p.m.`);
  assert.match(text, 'Test service');
  assert.is(mailsTo(context, 'chloe@example.com').length, 0, 'the second in line waits');

  await entryRow(context, course.firstEntry, (row) => row.status === 'offered');
  const offer = await call(context, 'POST', '/public/waitlist/offer', { offerToken: holdToken });
  assert.is(offer.status, 200, offer.text);
  const booked = await call(context, 'POST', '/public/appointments', {
    ...demoBooking(
      offer.json.lockToken,
      context.serviceId,
      { firstName: 'Bea', lastName: 'Client' },
      'bea@example.com',
    ),
    calendarDateLaneId: offer.json.laneId,
    spots: offer.json.spots,
    sendConfirmationEmail: false,
  });
  assert.is(booked.status, 201, booked.text);

  const row = await entryRow(context, course.firstEntry, (entry) => entry.taken_by_appointment_id !== null);
  assert.equal(await round(context), { taken: 1, lapsed: 0, offered: 0 });
  const taken = lastOf(await waitlistEvents(context, course.target), 'WaitlistOfferTaken');
  assert.equal([taken.data.entryId, taken.data.appointmentId], [course.firstEntry, row.taken_by_appointment_id]);
  await entryRow(context, course.firstEntry, (entry) => entry.status === 'booked');
  assert.is((await call(context, 'POST', '/public/waitlist/offer', { offerToken: holdToken })).status, 404);
});

test('an unclaimed offer lapses after the offer hours: its hold is released, the next in line gets it and a mail', async (context) => {
  const course = await fullCourseWithLine(context, '2026-12-03', 'dora@example.com', ['eve@example.com', 'fr']);
  await unregisterEveryone(context, course.seriesId);
  assert.is((await round(context))!.offered, 1);
  const first = lastOf(await waitlistEvents(context, course.target), 'WaitlistOfferMade').data.offer;
  await until('the first offer e-mail', () => mailsTo(context, 'dora@example.com')[0]);

  clock.now = new Date(START.getTime() + 11 * 3_600_000);
  assert.equal(await round(context), { taken: 0, lapsed: 0, offered: 0 }, 'still held after 11 hours');

  clock.now = new Date(START.getTime() + 12 * 3_600_000 + 60_000);
  assert.equal(await round(context), { taken: 0, lapsed: 1, offered: 1 });
  const events = await waitlistEvents(context, course.target);
  assert.is(lastOf(events, 'WaitlistOfferLapsed').data.entryId, course.firstEntry);
  const second = lastOf(events, 'WaitlistOfferMade').data.offer;
  assert.is(second.entryId, course.secondEntry);
  assert.is.not(second.holdToken, first.holdToken, 'a fresh hold');
  const series = await streamEvents(context, seriesStream(course.seriesId));
  assert.is(lastOf(series, 'SpotsReleased').data.token, first.holdToken, 'the lapsed hold released');
  assert.is(lastOf(series, 'SpotsHeld').data.token, second.holdToken);

  const mail = await until('the second offer e-mail', () => mailsTo(context, 'eve@example.com')[0]);
  assert.is(parseMail(mail.raw).headers.subject, 'Une place s’est libérée pour vous');
  const text = textOf(mail.raw);
  assert.match(text, `/fr/service/${context.serviceId}#offer=${second.holdToken}`);
  assert.match(text, `jeudi 3 décembre 2026, 18${NBSP}h – 20${NBSP}h`);
  assert.match(text, `jusqu’au mercredi 25 novembre 2026 à 9${NBSP}h${NBSP}21`);

  await entryRow(context, course.firstEntry, (row) => row.status === 'lapsed');
  const lapsed = await call(context, 'POST', '/public/waitlist/offer', { offerToken: first.holdToken });
  assert.equal([lapsed.status, lapsed.json.error], [409, 'WAITLIST_OFFER_EXPIRED']);
});

test('a date: a full date, the booking is cancelled, the first in line is offered that slot and books it', async (context) => {
  const date = '2026-11-26';
  const laneId = await addDate(context, date);
  const code = await book(context, { calendarDateLaneId: laneId, startTime: '09:00:00', endTime: '09:15:00' }, 'Ada');
  const target: WaitlistTarget = { kind: 'date', calendarId: context.clinicId, date };
  const entryId = await join(context, { calendarId: context.clinicId, date, duration: 900 }, 'finn@example.com');
  const removed = await call(
    context,
    'DELETE',
    `/appointments/${await appointmentIdOf(context, code)}`,
    undefined,
    true,
  );
  assert.is(removed.status, 200, removed.text);

  assert.equal(await round(context), { taken: 0, lapsed: 0, offered: 1 });
  const offer = lastOf(await waitlistEvents(context, target), 'WaitlistOfferMade').data.offer;
  assert.equal(
    [offer.entryId, offer.laneId, offer.startTime, offer.endTime],
    [entryId, laneId, '09:00:00', '09:15:00'],
  );
  const locked = lastOf(await streamEvents(context, calendarDateStream(context.clinicId, date)), 'SlotLocked');
  assert.equal([locked.data.token, locked.data.expiresAt], [offer.holdToken, offer.expiresAt]);
  const datesPath = `/public/services/${context.serviceId}/calendar/${context.clinicId}/dates?duration=900`;
  await until('the held slot no longer shown free', async () => {
    const shown = (await call(context, 'GET', datesPath)).json.items.map((item: { date: string }) => item.date);
    return !shown.includes(date);
  });
  const text = textOf((await until('the offer e-mail', () => mailsTo(context, 'finn@example.com')[0])).raw);
  assert.match(text, `Thursday, November 26, 2026, 9:00${NBSP}a.m. – 9:15${NBSP}a.m.`);

  await entryRow(context, entryId, (row) => row.status === 'offered');
  const opened = (await call(context, 'POST', '/public/waitlist/offer', { offerToken: offer.holdToken })).json;
  const booked = await call(context, 'POST', '/public/appointments', {
    ...demoBooking(opened.lockToken, context.serviceId, { firstName: 'Finn', lastName: 'Client' }, 'finn@example.com'),
    calendarDateLaneId: opened.laneId,
    startTime: opened.startTime,
    endTime: opened.endTime,
    duration: opened.duration,
    sendConfirmationEmail: false,
  });
  assert.is(booked.status, 201, booked.text);
  await entryRow(context, entryId, (row) => row.taken_by_appointment_id !== null);
  assert.equal(await round(context), { taken: 1, lapsed: 0, offered: 0 });
});

test('with several processes, one makes the offers: another waits until the first one stops', async (context) => {
  const { knex } = context.app.server.database;
  const other = startWaitlistOffers({
    store: context.app.server.store,
    knex,
    lookups: waitlistOfferLookups(knex),
    databaseUrl: context.app.database.url,
    mailer: noMailExpected,
    now: () => clock.now,
    logger: silentLogger,
    timeZone: 'America/Toronto',
    publicUrl: context.app.baseUrl,
    pollMs: 3_600_000,
  });
  try {
    assert.ok(await round(context), 'the app’s process leads');
    assert.is(await other.round(), null, 'the other one does nothing');
    await context.app.server.waitlistOffers.stop();
    assert.ok(await other.round(), 'it takes over');
  } finally {
    await other.stop();
  }
});

test.run();
