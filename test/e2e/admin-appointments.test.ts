import type { Browser, BrowserContext, Page } from 'playwright';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, todayIn, weekdayOf } from '../../domain/shared/plain-date';
import { formatDate, formatTime } from '../../web/src/i18n/format';
import { startTestApp, type TestApp } from '../support/app';
import { browserLifecycle } from '../support/browser';
import { checkSurely, newPage, row, seeBanner, signInAs, type AdminLanguage } from '../support/admin-browser';
import { request } from '../support/http';
import { allEvents, bearer, createUser, seedAdminToken, STRONG_PASSWORD } from '../support/identity';
import { calendarIdNamed, staffCall } from '../support/staff-api';
import { newEvent } from '../support/events';
import { messagesStream } from '../../domain/messages/events';

/**
 * §2.3 / §4.2 Manage Appointments (/admin/booking?id=&date=) in Chromium against the whole app (demo seed, sign-in code
 * off, the real clock): the day view of a clinic (lanes, timeslots, summary, month sidebar, Refresh, Print, Cancel),
 * the slot actions (New, Edit with group edit, View, History, Delete, Unlock, Copy, Move, Paste), a Basic User with
 * access, a stale save refused with a clear conflict, and a pass in French.
 */
interface Context {
  app?: TestApp;
  browser?: Browser;
  context?: BrowserContext;
}

interface ApiSlot {
  time: string;
  label: string;
  appointmentId: number | null;
  token: string | null;
}
interface ApiLane {
  id: number;
  name: string;
  timeslots: ApiSlot[];
}

const test = suite<Context>('e2e: admin appointments');
const viewport = { width: 1400, height: 950 };
const cornwall = 'Cornwall Immunization Clinic';

const call = (context: Context, method: string, path: string, body?: unknown, token?: string) =>
  staffCall(context.app!, method, path, body, token);
const calendarId = (context: Context, name: string) => calendarIdNamed(context.app!, name);

/** The first weekday after today (the demo clinics have their dates on the coming weekdays). */
function nextWeekday(today: string, after = 1): string {
  let date = addDays(today, after);
  while (weekdayOf(date) === 0 || weekdayOf(date) === 6) date = addDays(date, 1);
  return date;
}

const today = () => todayIn('America/Toronto', new Date());

async function lanesOf(context: Context, id: number, date: string): Promise<ApiLane[]> {
  return (await call(context, 'GET', `/api/calendars/${id}/dates/${date}?timeslots=1`)).lanes as ApiLane[];
}

async function slotOf(context: Context, id: number, date: string, laneName: string, time: string): Promise<ApiSlot> {
  const lane = (await lanesOf(context, id, date)).find((candidate) => candidate.name === laneName)!;
  return lane.timeslots.find((slot) => slot.time === time)!;
}

/** The row of a time in the lane shown. */
const slotRow = (page: Page, time: string, language: AdminLanguage = 'en') =>
  page
    .locator('.appt-slots tbody tr')
    .filter({ has: page.getByRole('rowheader', { name: formatTime(language, time), exact: true }) });

async function openDay(
  context: Context,
  id: number,
  date: string,
  language: AdminLanguage = 'en',
  credentials = context.app!.seedAdmin,
): Promise<Page> {
  const page = await newPage(context, viewport, language);
  await signInAs(
    context,
    page,
    credentials.email,
    credentials.password,
    `/admin/booking?id=${id}&date=${date}`,
    language,
  );
  await page.locator('.appt-slots').waitFor();
  return page;
}

const register = browserLifecycle(test, {
  start: async (context) => {
    context.app = await startTestApp();
  },
  stop: async (context) => {
    await context.app?.stop();
  },
});

register(
  'the day of a clinic: lanes, timeslots, summary, month sidebar, address, Refresh, Print and Cancel',
  async (context) => {
    const id = await calendarId(context, cornwall);
    const day = nextWeekday(today());
    const page = await openDay(context, id, day);

    await page.getByRole('heading', { level: 1, name: 'Manage Appointments' }).waitFor();
    await page.getByRole('heading', { level: 2, name: `${cornwall} · ${formatDate('en', day)}` }).waitFor();
    assert.is(
      await page.getByLabel('Calendar', { exact: true }).inputValue(),
      String(id),
      'the calendar selector shows the calendar',
    );
    // one tab per lane
    await page.getByRole('tab', { name: 'Nurse 1' }).waitFor();
    await page.getByRole('tab', { name: 'Nurse 2' }).waitFor();
    // Available is green, every other label red (§4.2)
    const first = slotRow(page, '08:45:00');
    assert.ok(
      await first
        .getByText('Available', { exact: true })
        .evaluate((element) => element.closest('.bp6-tag')!.classList.contains('bp6-intent-success')),
      'Available in green',
    );
    const lunch = slotRow(page, '12:00:00');
    assert.ok(
      await lunch
        .getByText('Break', { exact: true })
        .evaluate((element) => element.closest('.bp6-tag')!.classList.contains('bp6-intent-danger')),
      'Break in red',
    );
    assert.ok(await first.getByRole('button', { name: 'New' }).isVisible(), 'New on an available slot');
    assert.is(await lunch.getByRole('button').count(), 0, 'no action on a break');
    // the day summary
    await page.locator('.appt-summary').getByText('Booked slots').waitFor();

    // the month sidebar: the date is chosen and marked; another marked date opens that day, kept in the address
    const chosen = page.locator(`.appt-month [data-date="${day}"]`);
    assert.is(await chosen.getAttribute('aria-pressed'), 'true', 'the chosen date is highlighted');
    assert.is(await chosen.getAttribute('data-marked'), 'true', 'a clinic day is marked');
    const other = nextWeekday(day);
    if (other.slice(0, 7) !== day.slice(0, 7)) await page.getByRole('button', { name: 'Next month' }).click();
    await page.locator(`.appt-month [data-date="${other}"]`).click();
    await page.waitForURL(`**/admin/booking?id=${id}&date=${other}`);
    await page.getByRole('heading', { level: 2, name: `${cornwall} · ${formatDate('en', other)}` }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 2, name: `${cornwall} · ${formatDate('en', other)}` }).waitFor();
    // a day without a clinic says so
    const sunday = addDays(other, 7 - weekdayOf(other));
    await page.goto(`${context.app!.baseUrl}/admin/booking?id=${id}&date=${sunday}`);
    await page.getByText('There is no clinic on this date.').waitFor();
    await page.goto(`${context.app!.baseUrl}/admin/booking?id=${id}&date=${day}`);
    await page.locator('.appt-slots').waitFor();

    await page.getByRole('button', { name: 'Refresh' }).click();
    await seeBanner(page, 'The timeslots have been refreshed.');

    // Print: only the day list per lane; the header, menu and buttons are hidden
    await page.emulateMedia({ media: 'print' });
    assert.ok(
      await page.locator('.appt-print').getByRole('heading', { name: 'Nurse 2' }).isVisible(),
      'the printed list has each lane',
    );
    assert.not.ok(await page.getByRole('button', { name: 'Refresh' }).isVisible(), 'buttons are not printed');
    assert.not.ok(await page.locator('.appt-month').isVisible(), 'the sidebar is not printed');
    await page.emulateMedia({ media: 'screen' });
    assert.not.ok(await page.locator('.appt-print').isVisible(), 'the print list is not on the screen');

    // Cancel goes back to where the user came from
    await page.goto(`${context.app!.baseUrl}/admin/calendars`);
    await row(page, cornwall)
      .getByRole('button', { name: `Actions for ${cornwall}` })
      .click();
    await page.getByRole('menuitem', { name: 'View Appointments' }).click();
    await page.waitForURL(new RegExp(`/admin/booking\\?id=${id}&date=${today()}$`));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL('**/admin/calendars');
  },
);

register('Unlock releases a slot locked elsewhere', async (context) => {
  const id = await calendarId(context, cornwall);
  const day = nextWeekday(today(), 2);
  const lane = (await lanesOf(context, id, day)).find((candidate) => candidate.name === 'Nurse 1')!;
  const services = (await request(context.app!.baseUrl, 'GET', '/api/public/services')).json.items as {
    id: number;
    title: string;
  }[];
  const serviceId = services.find((service) => service.title === 'Childhood Immunization Clinic')!.id;
  const lock = await request(context.app!.baseUrl, 'POST', '/api/public/locks', {
    calendarDateLaneId: lane.id,
    startTime: '09:30:00',
    endTime: '09:45:00',
    serviceId,
  });
  assert.is(lock.status, 201, lock.text);

  const page = await openDay(context, id, day);
  const locked = slotRow(page, '09:30:00');
  await locked.getByText('Locked', { exact: true }).waitFor();
  await locked.getByRole('button', { name: 'Unlock' }).click();
  await seeBanner(page, 'The lock has been released.');
  await locked.getByText('Available', { exact: true }).waitFor();
  assert.is((await slotOf(context, id, day, 'Nurse 1', '09:30:00')).label, 'Available', 'the lock is gone');
});

register('a Basic User with access opens the day; without access the API refuses', async (context) => {
  const id = await calendarId(context, cornwall);
  const root = await seedAdminToken(context.app!);
  const email = 'bea.basic@example.com';
  const userId = await createUser(context.app!.baseUrl, root, {
    email,
    firstName: 'Bea',
    lastName: 'Basic',
    roles: ['ROLE_USER'],
    password: STRONG_PASSWORD,
  });
  const day = nextWeekday(today());

  const page = await newPage(context, viewport);
  await signInAs(context, page, email, STRONG_PASSWORD, `/admin/booking?id=${id}&date=${day}`);
  await page.getByText('You do not have access', { exact: false }).or(page.getByRole('alert')).first().waitFor();
  assert.is(await page.locator('.appt-slots').count(), 0, 'no timeslots without access');

  await call(context, 'PUT', `/api/calendars/${id}/users`, { userIds: [userId] }, root);
  await page.reload();
  await page.locator('.appt-slots').waitFor();
  assert.ok(
    await slotRow(page, '08:45:00').getByRole('button', { name: 'New' }).isVisible(),
    'the Basic User may book',
  );
  await book(context, id, day, '14:00:00', [{ firstName: 'Basil', lastName: 'Booked' }]);
  await page.getByRole('button', { name: 'Refresh' }).click();
  const booked = slotRow(page, '14:00:00');
  await booked.getByText('Basil Booked').waitFor();
  assert.ok(await booked.getByRole('button', { name: 'Edit' }).isVisible(), 'the Basic User may edit');
  assert.is(await booked.getByRole('button', { name: 'History' }).count(), 0, 'History is for administrators');
  assert.is(
    await page.getByLabel('Calendar', { exact: true }).inputValue(),
    String(id),
    'the calendar is among those offered',
  );
});

/** A clinic of the suite's own, made once through the API: two clients per appointment, the staff fields, two days. */
interface Clinic {
  id: number;
  name: string;
  days: [string, string];
}
let clinic: Clinic | undefined;
const clinicLane = {
  name: 'Nurse A',
  startTime: '09:00:00',
  endTime: '12:00:00',
  durations: [
    { value: 900, label: '15 min', isDefault: true },
    { value: 1800, label: '30 min', isDefault: false },
  ],
  slotInterval: 900,
};
async function ownClinic(context: Context): Promise<Clinic> {
  if (clinic) return clinic;
  const locations = (await call(context, 'GET', '/api/locations')).items as { id: number }[];
  const categories = (await call(context, 'GET', '/api/categories')).items as { id: number }[];
  const name = 'Appointments Test Clinic';
  const fields = [
    { name: 'firstName', required: true },
    { name: 'lastName', required: true },
    { name: 'dateOfBirth', required: false },
    { name: 'codes', required: false, category: 'IMM' },
    { name: 'attendance', required: false },
    { name: 'room', required: false },
  ];
  const id = (
    await call(context, 'POST', '/api/calendars', {
      name,
      enabled: true,
      allowMultipleClients: true,
      fields,
      locationId: locations[0]!.id,
      categoryId: categories[0]!.id,
      lanes: [clinicLane],
    })
  ).id as number;
  const days: [string, string] = [nextWeekday(today()), nextWeekday(today(), 2)];
  if (days[1] === days[0]) days[1] = nextWeekday(days[0]);
  await call(context, 'POST', `/api/batch/calendars/${id}/dates`, { dates: days, lanes: [clinicLane], enabled: true });
  clinic = { id, name, days };
  return clinic;
}

/** An appointment booked through the API (staff lock, then POST). */
async function book(
  context: Context,
  id: number,
  date: string,
  time: string,
  clients: { firstName: string; lastName: string }[],
  email = '',
): Promise<number> {
  const lane = (await lanesOf(context, id, date))[0]!;
  const endTime = `${time.slice(0, 3)}${String(Number(time.slice(3, 5)) + 15).padStart(2, '0')}:00`;
  const lock = await call(context, 'POST', '/api/locks', { calendarDateLaneId: lane.id, startTime: time, endTime });
  const answer = await call(context, 'POST', '/api/appointments', {
    lockToken: lock.token,
    startTime: time,
    endTime,
    clientData: clients,
    email,
    language: 'en',
    phone: '613-555-0100',
    phoneReminderType: 0,
  });
  return answer.id as number;
}

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

register(
  'New with two clients, Edit with group edit, History, a stale save, Delete; a closed form releases its lock',
  async (context) => {
    const { id, days } = await ownClinic(context);
    const day = days[0];
    const page = await openDay(context, id, day);

    // New: the slot is locked for the smallest duration, the form opens with the lane's default duration
    await slotRow(page, '09:00:00').getByRole('button', { name: 'New' }).click();
    let form = dialog(page, 'New Appointment');
    await form.waitFor();
    assert.is((await slotOf(context, id, day, 'Nurse A', '09:00:00')).label, 'Locked', 'New locks the slot');
    assert.is(await form.getByLabel('Duration').inputValue(), '900', "the lane's default duration");
    // nothing filled: the required fields say so
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Please fill all required fields below', { exact: false }).waitFor();
    const first = form.getByRole('group', { name: 'Client 1' });
    await first.getByLabel('First name').fill('Ada');
    await first.getByLabel('Last name').fill('Lovelace');
    await first.getByLabel('Date of birth').fill('2020-05-04');
    await first.getByLabel('C19').check({ force: true });
    // adding a client copies the first one's data
    await form.getByRole('button', { name: 'Add Client' }).click();
    const second = form.getByRole('group', { name: 'Client 2' });
    assert.is(
      await second.getByLabel('Last name').inputValue(),
      'Lovelace',
      'the second client starts as a copy of the first',
    );
    assert.is(await second.getByLabel('Date of birth').inputValue(), '2020-05-04');
    await second.getByLabel('First name').fill('Byron');
    await checkSurely(form.getByLabel('English'));
    await form.getByLabel('Phone (required)').fill('6135550101');
    // a confirmation e-mail needs an address
    await form.getByLabel('Send a confirmation email').check({ force: true });
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('This field is required.').first().waitFor();
    await form.getByLabel('Send a confirmation email').uncheck({ force: true });
    await form.getByRole('button', { name: 'Save' }).click();
    await seeBanner(page, 'The appointment has been saved.');
    await form.waitFor({ state: 'detached' });
    const booked = slotRow(page, '09:00:00');
    await booked.getByText('Booked', { exact: true }).waitFor();
    await booked.getByText('Ada Lovelace').waitFor();
    await booked.getByText('Byron Lovelace').waitFor();
    assert.ok(await booked.getByText('613-555-0101').isVisible(), 'the phone as XXX-XXX-XXXX');

    // Edit: group edit sets attendance and room of both clients
    await booked.getByRole('button', { name: 'Edit' }).click();
    form = dialog(page, 'Edit Appointment');
    await form.waitFor();
    assert.is(await form.getByRole('group', { name: 'Client 2' }).getByLabel('First name').inputValue(), 'Byron');
    const group = form.getByRole('group', { name: 'Group edit' });
    await group.getByLabel('Attendance').selectOption('arrived');
    await group.getByLabel('Room').fill('R12');
    await group.getByRole('button', { name: 'Apply to all clients' }).click();
    assert.is(await form.getByRole('group', { name: 'Client 2' }).getByLabel('Room').inputValue(), 'R12');
    await form.getByRole('button', { name: 'Save' }).click();
    await seeBanner(page, 'The appointment has been saved.');
    const arrived = booked.locator('.bp6-tag.bp6-intent-warning');
    await arrived.filter({ hasText: 'Byron Lovelace' }).waitFor();
    assert.is(await arrived.count(), 2, 'both clients arrived (warning colour, §4.2)');
    assert.ok(await booked.getByText('Room R12').first().isVisible());

    // View: read-only
    await booked.getByRole('button', { name: 'View' }).click();
    form = dialog(page, 'View Appointment');
    await form.waitFor();
    assert.ok(await form.getByRole('group', { name: 'Client 1' }).getByLabel('First name').isDisabled(), 'read-only');
    assert.is(await form.getByRole('button', { name: 'Save' }).count(), 0);
    await form.locator('.bp6-dialog-footer').getByRole('button', { name: 'Close' }).click();

    // History (administrators): created, then updated; a reminder sent shows as the system's (issue 19)
    const { appointmentId: remindedId } = await slotOf(context, id, day, 'Nurse A', '09:00:00');
    const { position } = await context.app!.server.store.append(messagesStream(remindedId!), 'no_stream', [
      newEvent('MessageSent', {
        appointmentId: remindedId,
        calendarId: id,
        messageKey: `reminder-${remindedId}`,
        kind: 'reminder',
        channel: 'email',
        offsetDays: 2,
        recipientHint: 'a…@example.org',
        at: new Date().toISOString(),
      }),
    ]);
    await context.app!.server.runner.waitFor(position, 5000, ['appointments']);
    await booked.getByRole('button', { name: 'History' }).click();
    const history = dialog(page, 'Appointment history');
    await history.getByRole('cell', { name: 'Created', exact: true }).waitFor();
    await history.getByRole('cell', { name: 'Updated', exact: true }).waitFor();
    const reminded = history.getByRole('row').filter({ hasText: 'Message sent' });
    await reminded.getByRole('cell', { name: 'System', exact: true }).waitFor();
    await reminded.getByText('Reminder by e-mail (2 days before) sent to a…@example.org').waitFor();
    await history.locator('.bp6-dialog-footer').getByRole('button', { name: 'Close' }).click();

    // Someone else saves meanwhile: the stale save is refused with a clear message and Reload
    await booked.getByRole('button', { name: 'Edit' }).click();
    form = dialog(page, 'Edit Appointment');
    await form.waitFor();
    const appointmentId = (await slotOf(context, id, day, 'Nurse A', '09:00:00')).appointmentId!;
    const loaded = await call(context, 'GET', `/api/appointments/${appointmentId}`);
    const keep = ['firstName', 'lastName', 'dateOfBirth', 'codes', 'attendance', 'room'];
    await call(context, 'PUT', `/api/appointments/${appointmentId}`, {
      version: loaded.version,
      date: loaded.date,
      calendarDateLaneId: loaded.calendarDateLaneId,
      startTime: loaded.startTime,
      endTime: loaded.endTime,
      clientData: (loaded.clientData as Record<string, unknown>[]).map((client) =>
        Object.fromEntries(keep.filter((key) => key in client).map((key) => [key, client[key]])),
      ),
      language: 'en',
      phone: '613-555-0199',
      phoneReminderType: 0,
    });
    await form.getByRole('group', { name: 'Client 1' }).getByLabel('First name').fill('Augusta');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Someone else changed this appointment. Reload it to see their change.').waitFor();
    assert.is(
      (await call(context, 'GET', `/api/appointments/${appointmentId}`)).clientData[0].firstName,
      'Ada',
      'nothing was overwritten',
    );
    await form.getByRole('button', { name: 'Reload' }).click();
    await form.getByText('Someone else changed this appointment.', { exact: false }).waitFor({ state: 'detached' });
    assert.is(await form.getByLabel('Phone (required)').inputValue(), '613-555-0199', 'the other change is shown');
    await form.getByRole('group', { name: 'Client 1' }).getByLabel('First name').fill('Augusta');
    await form.getByRole('button', { name: 'Save' }).click();
    await seeBanner(page, 'The appointment has been saved.');
    await booked.getByText('Augusta Lovelace').waitFor();

    // Delete asks first
    await booked.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Delete the appointment of', { exact: false }).waitFor();
    await confirm.getByText('The appointment has no e-mail address.').waitFor();
    assert.ok(await confirm.getByLabel('Notify the client by e-mail').isDisabled(), 'no e-mail, no notice');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await seeBanner(page, 'The appointment has been deleted.');
    await booked.getByText('Available', { exact: true }).waitFor();

    // Closing a New form releases its lock
    await slotRow(page, '10:00:00').getByRole('button', { name: 'New' }).click();
    form = dialog(page, 'New Appointment');
    await form.waitFor();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await seeBanner(page, 'The lock has been released.');
    assert.is((await slotOf(context, id, day, 'Nurse A', '10:00:00')).label, 'Available', 'the lock is released');

    // New re-fetches the day: a slot taken meanwhile is refused
    const lane = (await lanesOf(context, id, day))[0]!;
    await call(context, 'POST', '/api/locks', {
      calendarDateLaneId: lane.id,
      startTime: '10:30:00',
      endTime: '10:45:00',
    });
    await slotRow(page, '10:30:00').getByRole('button', { name: 'New' }).click();
    await page.getByText('The time slot is currently unavailable.').waitFor();
  },
);

register(
  'Edit holds the appointment: while a colleague has it open, Edit says so; closing the form frees it',
  async (context) => {
    const { id, days } = await ownClinic(context);
    const day = days[1];
    const appointmentId = await book(context, id, day, '10:30:00', [{ firstName: 'Held', lastName: 'Client' }]);
    const colleague = await call(context, 'POST', '/api/locks', {
      calendarDateLaneId: (await lanesOf(context, id, day))[0]!.id,
      startTime: '10:30:00',
      endTime: '10:45:00',
      appointmentId,
    });

    const page = await openDay(context, id, day);
    const booked = slotRow(page, '10:30:00');
    await booked.getByRole('button', { name: 'Edit' }).click();
    await page
      .getByText('Someone else is editing this appointment. Please try again when they have closed it.')
      .waitFor();
    assert.is(await dialog(page, 'Edit Appointment').count(), 0, 'no second editor');

    await call(context, 'DELETE', `/api/public/locks/${colleague.token}`);
    await booked.getByRole('button', { name: 'Edit' }).click();
    await dialog(page, 'Edit Appointment').waitFor();
    const second = await request(
      context.app!.baseUrl,
      'POST',
      '/api/locks',
      {
        calendarDateLaneId: (await lanesOf(context, id, day))[0]!.id,
        startTime: '10:30:00',
        endTime: '10:45:00',
        appointmentId,
      },
      bearer(await seedAdminToken(context.app!)),
    );
    assert.equal([second.status, second.json.error], [409, 'APPOINTMENT_BEING_EDITED'], 'the open form holds it');
    await dialog(page, 'Edit Appointment').getByRole('button', { name: 'Cancel' }).click();
    await seeBanner(page, 'The lock has been released.');
    const third = await request(
      context.app!.baseUrl,
      'POST',
      '/api/locks',
      {
        calendarDateLaneId: (await lanesOf(context, id, day))[0]!.id,
        startTime: '10:30:00',
        endTime: '10:45:00',
        appointmentId,
      },
      bearer(await seedAdminToken(context.app!)),
    );
    assert.is(third.status, 201, 'closing the form gave it back');
  },
);

register(
  'Copy and Paste book a copy without attendance and room; Move and Paste move to another day',
  async (context) => {
    const { id, days } = await ownClinic(context);
    const appointmentId = await book(
      context,
      id,
      days[0],
      '11:00:00',
      [{ firstName: 'Grace', lastName: 'Hopper' }],
      'grace@example.org',
    );
    const loaded = await call(context, 'GET', `/api/appointments/${appointmentId}`);
    assert.is(loaded.startTime, '11:00:00');
    // ?appointmentId= opens that appointment (the View of the search results)
    const page = await newPage(context, viewport);
    await signInAs(
      context,
      page,
      context.app!.seedAdmin.email,
      context.app!.seedAdmin.password,
      `/admin/booking?id=${id}&date=${days[0]}&appointmentId=${appointmentId}`,
    );
    const opened = dialog(page, 'Edit Appointment');
    assert.is(await opened.getByRole('group', { name: 'Client 1' }).getByLabel('First name').inputValue(), 'Grace');
    await opened.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(`**/admin/booking?id=${id}&date=${days[0]}`);
    const source = slotRow(page, '11:00:00');
    await source.getByText('Grace Hopper').waitFor();

    await source.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Copied: Grace Hopper.', { exact: false }).waitFor();
    await slotRow(page, '11:30:00').getByRole('button', { name: 'Paste' }).click();
    const form = dialog(page, 'New Appointment');
    await form.waitFor();
    assert.is(await form.getByRole('group', { name: 'Client 1' }).getByLabel('First name').inputValue(), 'Grace');
    assert.is(
      await form.getByRole('group', { name: 'Client 1' }).getByLabel('Attendance').inputValue(),
      '',
      'attendance cleared',
    );
    await form.getByRole('button', { name: 'Save' }).click();
    await seeBanner(page, 'The appointment has been saved.');
    await slotRow(page, '11:30:00').getByText('Grace Hopper').waitFor();
    await page.getByRole('button', { name: 'Clear' }).click();

    await slotRow(page, '11:30:00').getByRole('button', { name: 'Move' }).click();
    await page.getByText('Moving: Grace Hopper.', { exact: false }).waitFor();
    assert.ok(
      await page.locator('.appt-holding').getByLabel('Notify the client by e-mail').isChecked(),
      'an appointment with an e-mail: the client is told of the move by default (issue 19)',
    );
    if (days[1].slice(0, 7) !== days[0].slice(0, 7)) await page.getByRole('button', { name: 'Next month' }).click();
    await page.locator(`.appt-month [data-date="${days[1]}"]`).click();
    await page.waitForURL(`**date=${days[1]}`);
    await page
      .getByRole('heading', { level: 2, name: `Appointments Test Clinic · ${formatDate('en', days[1])}` })
      .waitFor();
    await slotRow(page, '09:15:00').getByRole('button', { name: 'Paste' }).click();
    await seeBanner(page, 'The appointment has been moved.');
    await slotRow(page, '09:15:00').getByText('Grace Hopper').waitFor();
    const arrived = (await allEvents(context.app!.server.store)).filter(
      (event) => event.type === 'AppointmentMovedHere' && event.streamId === `calendarDate-${id}_${days[1]}`,
    );
    assert.is((arrived.at(-1)?.data as { notifyClient?: boolean }).notifyClient, true, 'the request carries it');
    assert.is((await slotOf(context, id, days[0], 'Nurse A', '11:30:00')).label, 'Available', 'the old slot is free');
    assert.is((await slotOf(context, id, days[0], 'Nurse A', '11:00:00')).label, 'Booked', 'the original stays');
  },
);

register(
  'a New whose answer was lost on the way: the form sends it again with its Idempotency-Key and saves it once',
  async (context) => {
    const { id, days } = await ownClinic(context);
    const day = days[1];
    const page = await openDay(context, id, day);
    const keys: string[] = [];
    let lost = false;
    await page.route('**/api/appointments', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (lost) return route.continue();
      lost = true;
      // The server books and answers, but the connection drops before the answer reaches the page.
      await route.fetch();
      await route.abort('connectionreset');
    });
    await slotRow(page, '11:00:00').getByRole('button', { name: 'New' }).click();
    const form = dialog(page, 'New Appointment');
    await form.waitFor();
    const client = form.getByRole('group', { name: 'Client 1' });
    await client.getByLabel('First name').fill('Lin');
    await client.getByLabel('Last name').fill('Ouellet');
    await checkSurely(form.getByLabel('English'));
    await form.getByLabel('Phone (required)').fill('6135550102');
    await form.getByRole('button', { name: 'Save' }).click();
    await seeBanner(page, 'The appointment has been saved.');
    await slotRow(page, '11:00:00').getByText('Lin Ouellet').waitFor();
    assert.is(keys.length, 2, 'sent again once');
    assert.is(keys[1], keys[0], 'with the same Idempotency-Key');
    const booked = (await allEvents(context.app!.server.store)).filter(
      (event) =>
        event.type === 'AppointmentBooked' &&
        (event.data as { appointment: { clientData: { firstName: string }[] } }).appointment.clientData[0]
          ?.firstName === 'Lin',
    );
    assert.is(booked.length, 1, 'one appointment');
  },
);

const refusedTexts = {
  en: {
    time: '11:45:00',
    newButton: 'New',
    dismiss: 'Dismiss',
    form: 'New Appointment',
    cancel: 'Cancel',
    lock: 'Cannot initialize lock: The server is busy. Please try again in a moment.',
    unlock: 'The lock token could not be deleted: The server is busy. Please try again in a moment.',
  },
  fr: {
    time: '11:15:00',
    newButton: 'Nouveau',
    dismiss: 'Fermer',
    form: 'Nouveau rendez-vous',
    cancel: 'Annuler',
    lock: 'Impossible de verrouiller la plage : Le serveur est occupé. Veuillez réessayer dans un moment.',
    unlock: "Le jeton du verrou n'a pas pu être supprimé : Le serveur est occupé. Veuillez réessayer dans un moment.",
  },
} as const;

for (const language of ['en', 'fr'] as const) {
  const text = refusedTexts[language];
  register(`${language}: a refused lock and a refused unlock say what could not be done (§8)`, async (context) => {
    const { id, days } = await ownClinic(context);
    const page = await openDay(context, id, days[1], language);
    const busy = { status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'SERVER_BUSY' }) };
    await page.route('**/api/locks', (route) =>
      route.request().method() === 'POST' ? route.fulfill(busy) : route.continue(),
    );
    await slotRow(page, text.time, language).getByRole('button', { name: text.newButton }).click();
    await page.getByText(text.lock).waitFor();
    await page.unroute('**/api/locks');

    await page.getByRole('button', { name: text.dismiss }).click();
    await slotRow(page, text.time, language).getByRole('button', { name: text.newButton }).click();
    const form = dialog(page, text.form);
    await form.waitFor();
    await page.route('**/api/public/locks/**', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill(busy) : route.continue(),
    );
    await form.getByRole('button', { name: text.cancel }).click();
    await page.getByText(text.unlock).waitFor();
  });
}

register('in French: labels, dates and times like 8 h 45', async (context) => {
  const id = await calendarId(context, cornwall);
  const day = nextWeekday(today());
  const page = await openDay(context, id, day, 'fr');
  await page.getByRole('heading', { level: 1, name: 'Gérer les rendez-vous' }).waitFor();
  await page.getByRole('heading', { level: 2, name: `${cornwall} · ${formatDate('fr', day)}` }).waitFor();
  const first = slotRow(page, '08:45:00', 'fr');
  assert.is(formatTime('fr', '08:45:00'), '8\u00a0h\u00a045');
  await first.getByText('Disponible', { exact: true }).waitFor();
  assert.ok(await first.getByRole('button', { name: 'Nouveau' }).isVisible());
  await slotRow(page, '12:00:00', 'fr').getByText('Pause', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Actualiser' }).click();
  await seeBanner(page, 'Les plages horaires ont été actualisées.');

  // the form in French: New, then closed (the lock released), then booked, then deleted
  await first.getByRole('button', { name: 'Nouveau' }).click();
  let form = dialog(page, 'Nouveau rendez-vous');
  await form.getByText(`${formatDate('fr', day)}, 8\u00a0h\u00a045, Nurse 1`).waitFor();
  assert.is(await form.getByLabel('Durée').locator('option:checked').innerText(), '15 minutes');
  await form.getByRole('button', { name: 'Annuler' }).click();
  await seeBanner(page, 'Le verrou a été libéré.');
  await first.getByRole('button', { name: 'Nouveau' }).click();
  form = dialog(page, 'Nouveau rendez-vous');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await form.getByText('Veuillez remplir tous les champs obligatoires', { exact: false }).waitFor();
  await form.getByText('Ce champ est obligatoire.').first().waitFor();
  const client = form.getByRole('group', { name: 'Client 1' });
  await client.getByLabel('Prénom').fill('Marie');
  await client.getByLabel('Nom (obligatoire)', { exact: true }).fill('Curie');
  await checkSurely(form.getByLabel('Français'));
  await form.getByLabel('Téléphone (obligatoire)').fill('613-555-0123');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await seeBanner(page, 'Le rendez-vous a été enregistré.');
  await first.getByText('Réservée', { exact: true }).waitFor();
  await first.getByText('Marie Curie').waitFor();
  await first.getByRole('button', { name: 'Supprimer' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
  await seeBanner(page, 'Le rendez-vous a été supprimé.');
  await first.getByText('Disponible', { exact: true }).waitFor();
});

test.run();
