import type { Browser, BrowserContext, Page } from 'playwright';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../support/app';
import { newPage, seeBanner, signInAs } from '../support/admin-browser';
import { browserLifecycle } from '../support/browser';
import { demoBooking, lockDemoSlot } from '../support/demo-booking';
import { request } from '../support/http';
import { bearer, seedAdminToken } from '../support/identity';

/**
 * Issue 19 item 4 in Chromium: the day view flags an appointment whose message failed; the flag leads an
 * administrator to that appointment's messages, where Retry queues the message again; the day's list in French.
 * The failed rows are written straight into message_queue, and the message dispatcher is stopped so that a retried
 * row stays queued while the test looks at it.
 */
interface Context {
  app?: TestApp;
  browser?: Browser;
  context?: BrowserContext;
  appointment?: { id: number; calendarId: number; date: string; startTime: string; lane: string };
}

const test = suite<Context>('e2e: admin messages');
const viewport = { width: 1400, height: 950 };
let keys = 0;

/** A message given up on, due a moment ago (today's), its recipient cleared as the dispatcher leaves it. */
async function failedMessage(context: Context, row: Record<string, unknown>): Promise<number> {
  const { id, calendarId, date, startTime } = context.appointment!;
  const now = new Date(Date.now() - 60_000);
  const [inserted] = await context
    .app!.server.database.knex('message_queue')
    .insert({
      message_key: `e2e:${++keys}`,
      kind: 'moved',
      channel: 'email',
      appointment_id: id,
      calendar_id: calendarId,
      date,
      start_time: startTime,
      language: 'en',
      status: 'failed',
      attempts: 10,
      due_at: now,
      last_error: '550 mailbox unavailable',
      created_at: now,
      updated_at: now,
      ...row,
    })
    .returning('id');
  return Number((inserted as { id: string }).id);
}

const register = browserLifecycle(test, {
  start: async (context) => {
    context.app = await startTestApp();
    await context.app.server.messageDispatcher.stop();
    const { baseUrl } = context.app;
    const token = await seedAdminToken(context.app);
    const { serviceId, token: lockToken } = await lockDemoSlot(context.app);
    const booked = await request(
      baseUrl,
      'POST',
      '/api/public/appointments',
      demoBooking(lockToken, serviceId, { firstName: 'Ada', lastName: 'Messaged' }),
    );
    assert.is(booked.status, 201, booked.text);
    const found = await request(baseUrl, 'GET', '/api/appointments?query=Messaged', undefined, bearer(token));
    const item = found.json.items[0];
    const opened = await request(baseUrl, 'GET', `/api/appointments/${item.id}`, undefined, bearer(token));
    const { calendarId, date, startTime } = opened.json;
    const day = await request(
      baseUrl,
      'GET',
      `/api/calendars/${calendarId}/dates/${date}?timeslots=1`,
      undefined,
      bearer(token),
    );
    const lane = day.json.lanes.find((candidate: { timeslots: { appointmentId: number | null }[] }) =>
      candidate.timeslots.some((slot) => slot.appointmentId === item.id),
    );
    context.appointment = { id: item.id, calendarId, date, startTime, lane: lane.name };
  },
  stop: async (context) => {
    await context.app?.stop();
  },
});

/** A reminder's or notice's row (a confirmation's id is of another queue). */
const messageRow = (page: Page, id: number) => page.locator(`tr[data-message="${id}"]:not([data-kind="confirmation"])`);

register('the day view flags a failed message; the administrator follows it and retries', async (context) => {
  const failed = await failedMessage(context, {});
  const { id, calendarId, date } = context.appointment!;
  const { seedAdmin } = context.app!;
  const page = await newPage(context, viewport);
  await signInAs(context, page, seedAdmin.email, seedAdmin.password, `/admin/booking?id=${calendarId}&date=${date}`);

  await page.getByRole('tab', { name: context.appointment!.lane }).click();
  const flag = page.getByRole('link', { name: 'Message failed' });
  await flag.waitFor();
  assert.is(await page.getByRole('link', { name: 'Message failed' }).count(), 1, 'one appointment is flagged');
  await flag.click();
  await page.waitForURL(`**/admin/messages?appointment=${id}`);
  await page.getByText(`Messages about appointment ${id}`).waitFor();
  const entries = await page.getByRole('navigation', { name: 'Staff menu' }).getByRole('link').allInnerTexts();
  assert.ok(entries.includes('Messages'), entries.join());

  const row = messageRow(page, failed);
  await row.waitFor();
  const cells = await row.locator('td').allInnerTexts();
  assert.match(cells[0]!, /^Sent|^Due /);
  assert.equal(cells.slice(1, 4), ['Moved notice', 'E-mail', 'Failed']);
  assert.is(cells[4], 'not kept');
  assert.ok(cells[5]!.includes(`No. ${id}`), cells[5]);
  assert.is(cells[6], '550 mailbox unavailable');

  await row.getByRole('button', { name: 'Retry' }).click();
  await seeBanner(page, 'The message will be sent again in a moment.');
  await row.locator('.bp6-tag', { hasText: 'Queued' }).waitFor();
  assert.is(await row.getByRole('button', { name: 'Retry' }).count(), 0, 'no Retry on a queued message');
  const stored = await context.app!.server.database.knex('message_queue').where({ id: failed }).first();
  assert.is(stored.status, 'pending');
  assert.is(stored.recipient, 'ada@example.com', 'sent to the appointment’s address as it is now');

  // the appointment's link goes back to its day; the flag is gone
  await row.getByRole('link').click();
  await page.waitForURL(`**/admin/booking?id=${calendarId}&date=${date}`);
  await page.locator('.appt-slots').first().waitFor();
  assert.is(await page.getByText('Message failed').count(), 0);
});

register('the day’s messages in French, filtered by status', async (context) => {
  const failed = await failedMessage(context, { kind: 'reminder', channel: 'sms', offset_days: 1, last_error: 'boom' });
  const { seedAdmin } = context.app!;
  const page = await newPage(context, viewport, 'fr');
  await signInAs(context, page, seedAdmin.email, seedAdmin.password, '/admin/messages', 'fr');
  await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
  await page.getByLabel('État').selectOption('failed');
  await page.waitForURL('**/admin/messages?status=failed');
  // the day's whole list stays on screen until the filtered one comes: wait for that one, not for a row of both
  await page.waitForFunction(
    (id) =>
      [...document.querySelectorAll('tr[data-status]')].every((row) => row.getAttribute('data-status') === 'failed') &&
      document.querySelector(`tr[data-message="${id}"]:not([data-kind="confirmation"]) td`) !== null,
    failed,
  );
  const row = messageRow(page, failed);
  const cells = await row.locator('td').allInnerTexts();
  assert.match(cells[0]!, /^Prévu \d{1,2}[\s\u00a0]h([\s\u00a0]\d\d)?$/, `when: ${JSON.stringify(cells[0])}`);
  assert.match(cells[1]!, /^Rappel\s+1 jour avant$/);
  assert.equal(cells.slice(2, 4), ['Texto', 'Échec']);
  assert.ok(await row.getByRole('button', { name: 'Renvoyer' }).isVisible());
  const statuses = await page
    .locator('tr[data-status]')
    .evaluateAll((rows) => rows.map((found) => found.getAttribute('data-status')));
  assert.ok(
    statuses.every((status) => status === 'failed'),
    statuses.join(),
  );
});

test.run();
