import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, daysBetween, datesFrom, todayIn, weekdayOf } from '../../domain/shared/plain-date';
import { shortDate } from '../../web/src/shared/dateText';
import { startTestApp, type TestApp } from '../support/app';
import { browserLifecycle } from '../support/browser';
import { newPage, row, signInAs, type AdminLanguage } from '../support/admin-browser';
import { bearer, createUser, seedAdminToken, signIn, STRONG_PASSWORD } from '../support/identity';
import { request } from '../support/http';
import { calendarIdNamed, staffCall } from '../support/staff-api';

/**
 * Issue 17 item 4, /admin/statistics in Chromium against the whole app (demo seed). The app's clock starts two weeks
 * back: four appointments are booked at Cornwall on a clinic day then, one is moved and one cancelled; back at the
 * real time, that day is past and staff mark one client arrived and one absent. An administrator opens the screen
 * from the menu (the last 30 days by default), narrows it to Cornwall, reads the figures in words and in a table, and
 * downloads a chart's CSV, in English and in French; an empty period says so; a Basic User has no menu entry and is
 * refused at the address.
 */
interface Context {
  app?: TestApp;
  browser?: Browser;
  context?: BrowserContext;
  /** The clinic day of the scenario, and the day its appointments were booked on. */
  day?: string;
  bookedOn?: string;
}

const test = suite<Context>('e2e: admin statistics');
const viewport = { width: 1400, height: 950 };
const zone = 'America/Toronto';
const cornwall = 'Cornwall Immunization Clinic';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The app's clock: two weeks back while the appointments are booked, then the real time. */
let offset = -14 * DAY_MS;
const now = () => new Date(Date.now() + offset);

const texts = {
  en: {
    title: 'Statistics',
    menu: 'Staff menu',
    region: 'Office region',
    startDate: 'Start date',
    endDate: 'End date',
    perDay: 'Over the period: bookings 3, moves 1, cancellations 1.',
    attendance: 'Attendance recorded for 2 of 3 past appointments: arrived 1 (50%), no-shows 1 (50%).',
    leadTime: (band: string) => `3 bookings; most often: ${band} (3).`,
    bands: { '1': '1 day', '2-6': '2 to 6 days' },
    showData: 'Show the data',
    perDayTitle: 'Bookings per day',
    attendanceTitle: 'Attendance',
    download: (title: string) => `Download CSV: ${title}`,
    empty: 'No data for this period',
    tooLong: /^A period covers at most 366 days/,
  },
  fr: {
    title: 'Statistiques',
    menu: 'Menu du personnel',
    region: 'Région du bureau',
    startDate: 'Date de début',
    endDate: 'Date de fin',
    perDay: 'Sur la période\u00a0: réservations 3, déplacements 1, annulations 1.',
    attendance:
      'Présence inscrite pour 2 des 3 rendez-vous passés\u00a0: présents 1 (50\u00a0%), absents 1 (50\u00a0%).',
    leadTime: (band: string) => `3 réservations\u00a0; le plus souvent\u00a0: ${band} (3).`,
    bands: { '1': '1 jour', '2-6': '2 à 6 jours' },
    showData: 'Afficher les données',
    perDayTitle: 'Réservations par jour',
    attendanceTitle: 'Présence',
    download: (title: string) => `Télécharger le CSV\u00a0: ${title}`,
    empty: 'Aucune donnée pour cette période',
    tooLong: /^Une période compte au plus 366 jours/,
  },
} as const;

async function lockSlot(app: TestApp, token: string, laneId: number, startTime: string, endTime: string) {
  return (await staffCall(app, 'POST', '/api/locks', { calendarDateLaneId: laneId, startTime, endTime }, token))
    .token as string;
}

async function book(app: TestApp, token: string, laneId: number, startTime: string, endTime: string, name: string) {
  const lockToken = await lockSlot(app, token, laneId, startTime, endTime);
  const body = {
    lockToken,
    startTime,
    endTime,
    clientData: [{ firstName: name, lastName: 'Statistics' }],
    language: 'en',
    phone: '613-555-0100',
    phoneReminderType: 0,
  };
  return (await staffCall(app, 'POST', '/api/appointments', body, token)).id as number;
}

type Appointment = { clientData: object[] } & Record<string, unknown>;

/** Saves an appointment as GET answered it, with `changes` (PUT takes back the GET's representation). */
async function change(app: TestApp, token: string, id: number, changes: (current: Appointment) => object) {
  const current = await staffCall(app, 'GET', `/api/appointments/${id}`, undefined, token);
  await staffCall(app, 'PUT', `/api/appointments/${id}`, { ...current, ...changes(current) }, token);
}

const attending = (attendance: string) => (current: Appointment) => ({
  clientData: current.clientData.map((client) => ({ ...client, attendance })),
});

/**
 * Two weeks back, on the first weekday after that day at Cornwall: four appointments, one moved within the day and
 * one cancelled. Then, at the real time, one client arrived and one did not come. Returns the clinic day.
 */
async function scenario(context: Context): Promise<{ day: string; bookedOn: string }> {
  if (context.day && context.bookedOn) return { day: context.day, bookedOn: context.bookedOn };
  const app = context.app!;
  let token = await seedAdminToken(app);
  const calendarId = await calendarIdNamed(app, cornwall);
  const bookedOn = todayIn(zone, now());
  let day = addDays(bookedOn, 1);
  while (weekdayOf(day) === 0 || weekdayOf(day) === 6) day = addDays(day, 1);
  const lanes = (await staffCall(app, 'GET', `/api/calendars/${calendarId}/dates/${day}?timeslots=1`, undefined, token))
    .lanes as { id: number }[];
  const lane = lanes[0]!.id;
  const arrived = await book(app, token, lane, '10:00:00', '10:15:00', 'Arrived');
  const moved = await book(app, token, lane, '10:15:00', '10:30:00', 'Moved');
  const cancelled = await book(app, token, lane, '10:30:00', '10:45:00', 'Cancelled');
  const absent = await book(app, token, lane, '10:45:00', '11:00:00', 'Absent');
  const target = await lockSlot(app, token, lane, '11:00:00', '11:15:00');
  await change(app, token, moved, () => ({ startTime: '11:00:00', endTime: '11:15:00', lockToken: target }));
  await staffCall(app, 'DELETE', `/api/appointments/${cancelled}`, undefined, token);

  offset = 0; // the clinic day is past now
  token = await seedAdminToken(app);
  await change(app, token, arrived, attending('arrived'));
  await change(app, token, absent, attending('noshow'));
  context.day = day;
  context.bookedOn = bookedOn;
  return { day, bookedOn };
}

/** The statistics of the clinic day at Cornwall once the analytics read models have the attendance. */
async function statisticsOf(context: Context, day: string) {
  const token = await seedAdminToken(context.app!);
  const path = `/api/statistics?startDate=${day}&endDate=${day}&region=Cornwall`;
  for (let attempt = 0; ; attempt++) {
    const answer = await staffCall(context.app!, 'GET', path, undefined, token);
    if (answer.attendance.recorded === 2 || attempt > 50) return answer;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const register = browserLifecycle(test, {
  start: async (context) => {
    context.app = await startTestApp({ now });
  },
  stop: async (context) => {
    await context.app?.stop();
  },
});

const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

/** Clicks a chart's Download CSV and returns the file's name and text (byte-order mark kept). */
async function downloadCsv(page: Page, buttonName: string): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: buttonName }).click(),
  ]);
  return { name: download.suggestedFilename(), text: readFileSync((await download.path())!, 'utf8') };
}

register(
  'the API counts the bookings, the move, the cancellation and the attendance of the clinic day',
  async (context) => {
    const { day } = await scenario(context);
    const statistics = await statisticsOf(context, day);
    assert.equal(statistics.bookingsPerDay, [{ date: day, bookings: 3, moves: 1, cancellations: 1 }]);
    assert.equal(statistics.attendance, {
      appointments: 3,
      recorded: 2,
      arrived: 1,
      noShows: 1,
      arrivalRate: 0.5,
      noShowRate: 0.5,
    });
    const basic = await createUser(context.app!.baseUrl, await seedAdminToken(context.app!), {
      email: 'basic-statistics@example.com',
      roles: ['ROLE_USER'],
      password: STRONG_PASSWORD,
    });
    assert.ok(basic > 0);
    const refused = await request(
      context.app!.baseUrl,
      'GET',
      `/api/statistics?startDate=${day}&endDate=${day}`,
      undefined,
      bearer(await signIn(context.app!.baseUrl, 'basic-statistics@example.com', STRONG_PASSWORD)),
    );
    assert.is(refused.status, 403, 'a Basic User is refused by the API too');
  },
);

for (const language of ['en', 'fr'] as const satisfies readonly AdminLanguage[]) {
  const t = texts[language];
  register(
    `${language}: the charts of the last 30 days at Cornwall, their table, a CSV, an empty period`,
    async (context) => {
      const { day, bookedOn } = await scenario(context);
      await statisticsOf(context, day);
      const today = todayIn(zone, new Date());
      const start = addDays(today, -29);
      const page = await newPage(context, viewport, language);
      await signInAs(context, page, context.app!.seedAdmin.email, context.app!.seedAdmin.password, '/admin', language);
      await page.getByRole('navigation', { name: t.menu }).getByRole('link', { name: t.title, exact: true }).click();
      await page.waitForURL('**/admin/statistics');
      await page.getByRole('heading', { level: 1, name: t.title }).waitFor();
      assert.is(await page.getByLabel(t.startDate).inputValue(), start, 'the last 30 days by default');
      assert.is(await page.getByLabel(t.endDate).inputValue(), today);

      await page.getByLabel(t.region).selectOption('Cornwall');
      await page.waitForURL(/region=Cornwall/);
      const perDay = section(page, t.perDayTitle);
      await perDay.getByText(t.perDay, { exact: true }).waitFor();
      await section(page, t.attendanceTitle).getByText(t.attendance, { exact: true }).waitFor();
      const band = daysBetween(bookedOn, day) === 1 ? '1' : '2-6';
      await page.getByText(t.leadTime(t.bands[band]), { exact: true }).waitFor();
      await perDay.locator('.recharts-bar-rectangle').first().waitFor();
      assert.is(await perDay.locator('.recharts-wrapper').count(), 1, 'the bars are drawn');

      // the chart's data as a table
      await perDay.getByRole('button', { name: t.showData }).click();
      const dayRow = row(page, shortDate(language, day));
      assert.equal(
        (await dayRow.getByRole('cell').allInnerTexts()).map((text) => text.trim()),
        [shortDate(language, day), '3', '1', '1'],
      );

      // its CSV: every day of the period, the clinic day with its figures, columns named in the language
      const csv = await downloadCsv(page, t.download(t.perDayTitle));
      const file = language === 'fr' ? 'reservations-par-jour' : 'bookings-per-day';
      assert.is(csv.name, `${file}_${start}_${today}.csv`);
      const header =
        language === 'fr' ? 'Date,Réservations,Déplacements,Annulations' : 'Date,Bookings,Moves,Cancellations';
      const lines = datesFrom(start, today).map((date) => (date === day ? `${date},3,1,1` : `${date},0,0,0`));
      assert.is(csv.text, `\uFEFF${[header, ...lines].join('\r\n')}\r\n`);

      const attendance = await downloadCsv(page, t.download(t.attendanceTitle));
      assert.is(
        attendance.text,
        language === 'fr'
          ? '\uFEFFRendez-vous passés,Présence inscrite,Présents,Absents,Taux de présence (%),Taux d’absence (%)\r\n3,2,1,1,50,50\r\n'
          : '\uFEFFPast appointments,Attendance recorded,Arrived,No-shows,Arrival rate (%),No-show rate (%)\r\n3,2,1,1,50,50\r\n',
      );

      // a period with nothing in it
      // a period longer than a year is not asked for, then a month with nothing in it
      await page.getByLabel(t.startDate).fill('2020-01-01');
      await page.getByRole('alert').filter({ hasText: t.tooLong }).waitFor();
      await page.getByLabel(t.endDate).fill('2020-01-31');
      await page.getByText(t.empty, { exact: true }).waitFor();
      assert.is(await page.locator('.recharts-wrapper').count(), 0);
    },
  );
}

register('a Basic User has no Statistics entry and is refused at its address', async (context) => {
  const email = 'basic-statistics-browser@example.com';
  await createUser(context.app!.baseUrl, await seedAdminToken(context.app!), {
    email,
    roles: ['ROLE_USER'],
    password: STRONG_PASSWORD,
  });
  const page = await newPage(context, viewport, 'en');
  await signInAs(context, page, email, STRONG_PASSWORD, '/admin');
  const menu = page.getByRole('navigation', { name: 'Staff menu' });
  await menu.getByRole('link', { name: 'Search' }).waitFor();
  assert.is(await menu.getByRole('link', { name: 'Statistics' }).count(), 0);
  await page.goto(`${context.app!.baseUrl}/admin/statistics`);
  await page.getByText('Access denied').waitFor();
  assert.is(await page.getByRole('heading', { level: 1, name: 'Statistics' }).count(), 0);
});

test.run();
