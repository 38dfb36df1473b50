import * as assert from 'uvu/assert';
import type { RecordedEvent } from '../../domain/event-store/port';
import { waitlistStream, type WaitlistTarget } from '../../domain/waitlist/waitlist';
import { startTestApp, type TestApp } from './app';
import { demoBooking } from './demo-booking';
import { request } from './http';
import { bearer, signIn } from './identity';
import { createPublicService } from './public-service';
import { startSmtpCapture } from './smtp-capture';

/**
 * A course calendar and a clinic for the waitlist's offers (issue 20 item 6), with a clock the tests move. Today is
 * Tuesday 2026-11-24, 09:20 in Toronto. The clinic has one 15-minute slot a date; each series of the course one
 * spot. Both send e-mails from the seeded confirmation template ("Health Unit"). The offer process's background
 * rounds are stopped: tests run a round when they choose.
 */
export const START = new Date('2026-11-24T14:20:00Z');
export const clock = { now: START };

/** A clinic lane of one 15-minute slot (09:00), so one booking fills its date. */
export const clinicLane = {
  name: 'Nurse',
  startTime: '09:00:00',
  endTime: '09:15:00',
  durations: [{ value: 900, isDefault: true }],
  slotInterval: 900,
};
/** A course lane of one two-hour session. */
export const classLane = {
  name: 'Educator',
  startTime: '18:00:00',
  endTime: '20:00:00',
  durations: [{ value: 7200, isDefault: true }],
  slotInterval: 7200,
};

export interface OfferFixture {
  app: TestApp;
  mail: Awaited<ReturnType<typeof startSmtpCapture>>;
  admin: Record<string, string>;
  clinicId: number;
  courseId: number;
  serviceId: number;
  stop(): Promise<void>;
}

export async function startOfferFixture(): Promise<OfferFixture> {
  const mail = await startSmtpCapture();
  const app = await startTestApp({ now: () => clock.now, smtpUrl: mail.url });
  await app.server.waitlistOffers.stop();
  const admin = bearer(await signIn(app.baseUrl, app.seedAdmin.email, app.seedAdmin.password));
  const items = async (path: string) => (await request(app.baseUrl, 'GET', `/api${path}`, undefined, admin)).json.items;
  const templateId = (await items('/templates')).find(
    (template: { name: string }) => template.name === 'Appointment confirmation',
  ).id;
  const calendar = async (changes: Record<string, unknown>) => {
    const created = await request(
      app.baseUrl,
      'POST',
      '/api/calendars',
      {
        enabled: true,
        locationId: (await items('/locations'))[0].id,
        categoryId: (await items('/categories'))[0].id,
        emailsEnabled: true,
        notificationTemplateId: templateId,
        ...changes,
      },
      admin,
    );
    assert.is(created.status, 201, created.text);
    return created.json.id as number;
  };
  const clinicId = await calendar({ name: 'Offer clinic', lanes: [clinicLane] });
  const courseId = await calendar({ name: 'Offer course', groupSession: true, spots: 1, lanes: [classLane] });
  const serviceId = await createPublicService(app.baseUrl, admin, [clinicId, courseId], {
    minDaysAhead: 0,
    maxDaysAhead: 30,
  });
  return {
    app,
    mail,
    admin,
    clinicId,
    courseId,
    serviceId,
    async stop() {
      await app.stop();
      await mail.stop();
    },
  };
}

export const call = (fixture: OfferFixture, method: string, path: string, body?: unknown, staff = false) =>
  request(fixture.app.baseUrl, method, `/api${path}`, body, staff ? fixture.admin : {});

/** A one-spot series of the course on `date`; answers its id and the lane a hold names (its session's id). */
export async function addSeries(fixture: OfferFixture, date: string) {
  const added = await call(
    fixture,
    'POST',
    `/batch/calendars/${fixture.courseId}/dates`,
    { dates: [date], lanes: [classLane], deadline: '2026-11-30', spots: 1 },
    true,
  );
  assert.is(added.status, 201, added.text);
  const series = (await call(fixture, 'GET', `/calendars/${fixture.courseId}/group-session-series`, undefined, true))
    .json.items as { id: number }[];
  return { seriesId: Math.max(...series.map((item) => item.id)), laneId: added.json.items[0].lanes[0].id as number };
}

/** A clinic date with its one slot; answers the lane's id. */
export async function addDate(fixture: OfferFixture, date: string) {
  const added = await call(
    fixture,
    'POST',
    `/batch/calendars/${fixture.clinicId}/dates`,
    { dates: [date], lanes: [clinicLane] },
    true,
  );
  assert.is(added.status, 201, added.text);
  return added.json.items[0].lanes[0].id as number;
}

/** Locks a place as the wizard does and books it for `name`; answers the confirmation code. */
export async function book(fixture: OfferFixture, lock: Record<string, unknown>, name: string) {
  const locked = await call(fixture, 'POST', '/public/locks', { ...lock, serviceId: fixture.serviceId });
  assert.is(locked.status, 201, locked.text);
  const booked = await call(fixture, 'POST', '/public/appointments', {
    ...demoBooking(locked.json.token, fixture.serviceId, { firstName: name, lastName: 'Client' }),
    sendConfirmationEmail: false,
    ...(lock.spots ? { spots: lock.spots } : {}),
  });
  assert.is(booked.status, 201, booked.text);
  return booked.json.confirmationCode as string;
}

export async function join(fixture: OfferFixture, place: Record<string, unknown>, email: string, language = 'en') {
  const joined = await call(fixture, 'POST', '/public/waitlist', {
    serviceId: fixture.serviceId,
    email,
    language,
    ...place,
  });
  assert.is(joined.status, 201, joined.text);
  return joined.json.entryId as string;
}

/** The appointment a confirmation code names (from the appointments read model). */
export async function appointmentIdOf(fixture: OfferFixture, confirmationCode: string): Promise<number> {
  const knex = fixture.app.server.database.knex;
  const row = await until('the appointment', () =>
    knex('appointments').where({ confirmation_code: confirmationCode }).first<{ id: number } | undefined>('id'),
  );
  return row.id;
}

export const waitlistEvents = async (fixture: OfferFixture, target: WaitlistTarget): Promise<RecordedEvent[]> =>
  (await fixture.app.server.store.readStream(waitlistStream(target))).events;

/** The read model's entry, once `ready` says it has caught up. */
export const entryRow = (fixture: OfferFixture, entryId: string, ready: (row: Record<string, any>) => boolean) =>
  until(`waitlist entry ${entryId}`, async () => {
    const row = await fixture.app.server.database.knex('waitlist_entries').where({ entry_id: entryId }).first();
    return row && ready(row) ? row : undefined;
  });

/** The captured e-mails sent to `to`. */
export const mailsTo = (fixture: OfferFixture, to: string) =>
  fixture.mail.messages.filter((message) => message.to.includes(to));

export async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
