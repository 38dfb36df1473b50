import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { demoBooking } from '../support/demo-booking';
import {
  addDate,
  appointmentIdOf,
  book,
  call,
  clock,
  entryRow,
  join,
  START,
  startOfferFixture,
  type OfferFixture,
} from '../support/waitlist-offers';

/**
 * Issue 20 item 6: POST /api/public/waitlist/offer, what the offer e-mail's link opens. A full clinic date whose booking
 * is cancelled; one round offers its slot to the one in line. Today is Tuesday 2026-11-24, 09:20 in Toronto.
 */
interface Context extends OfferFixture {
  holdToken: string;
  entryId: string;
  laneId: number;
}

const test = suite<Context>('api: waitlist offer');
const DATE = '2026-11-27';
const open = (context: Context, body: unknown) => call(context, 'POST', '/public/waitlist/offer', body);

test.before(async (context) => {
  Object.assign(context, await startOfferFixture());
  context.laneId = await addDate(context, DATE);
  const code = await book(
    context,
    { calendarDateLaneId: context.laneId, startTime: '09:00:00', endTime: '09:15:00' },
    'Ada',
  );
  context.entryId = await join(
    context,
    { calendarId: context.clinicId, date: DATE, duration: 900 },
    'gus@example.com',
    'fr',
  );
  await call(context, 'DELETE', `/appointments/${await appointmentIdOf(context, code)}`, undefined, true);
  assert.is((await context.app.server.waitlistOffers.round())!.offered, 1);
  const row = await entryRow(context, context.entryId, (entry) => entry.status === 'offered');
  context.holdToken = row.hold_token;
});
test.after(async (context) => {
  await context.stop?.();
});
test.before.each(() => {
  clock.now = START;
});

test('bad input is a 400 naming the field', async (context) => {
  for (const body of [{}, { offerToken: '' }, { offerToken: 'x', extra: 1 }]) {
    const answer = await open(context, body);
    assert.is(answer.status, 400, JSON.stringify(body));
    assert.is(answer.json.error, 'VALIDATION_FAILED');
  }
  assert.equal((await open(context, {})).json.issues[0].path, ['offerToken']);
});

test('an unknown token is 404 WAITLIST_OFFER_NOT_FOUND', async (context) => {
  const answer = await open(context, { offerToken: `${context.laneId}.${'A'.repeat(32)}` });
  assert.equal([answer.status, answer.json.error], [404, 'WAITLIST_OFFER_NOT_FOUND']);
});

test('an open offer answers the held place, to book with its lockToken', async (context) => {
  const answer = await open(context, { offerToken: context.holdToken });
  assert.is(answer.status, 200, answer.text);
  assert.equal(answer.json, {
    serviceId: context.serviceId,
    calendarId: context.clinicId,
    seriesId: null,
    date: DATE,
    laneId: context.laneId,
    startTime: '09:00:00',
    endTime: '09:15:00',
    spots: 1,
    duration: 900,
    expiresAt: '2026-11-25T02:20:00.000Z',
    lockToken: context.holdToken,
    email: 'gus@example.com',
    language: 'fr',
  });
});

test('past its end it is 409 WAITLIST_OFFER_EXPIRED, even before a round records the lapse', async (context) => {
  clock.now = new Date('2026-11-25T02:20:00.000Z');
  const answer = await open(context, { offerToken: context.holdToken });
  assert.equal([answer.status, answer.json.error], [409, 'WAITLIST_OFFER_EXPIRED']);
});

test('once booked through it, the offer is 404', async (context) => {
  const booked = await call(context, 'POST', '/public/appointments', {
    ...demoBooking(context.holdToken, context.serviceId, { firstName: 'Gus', lastName: 'Client' }, 'gus@example.com'),
    calendarDateLaneId: context.laneId,
    startTime: '09:00:00',
    endTime: '09:15:00',
    duration: 900,
    sendConfirmationEmail: false,
  });
  assert.is(booked.status, 201, booked.text);
  await entryRow(context, context.entryId, (entry) => entry.taken_by_appointment_id !== null);
  const answer = await open(context, { offerToken: context.holdToken });
  assert.equal([answer.status, answer.json.error], [404, 'WAITLIST_OFFER_NOT_FOUND']);
});

test.run();
