import type { Browser, BrowserContext, Page } from 'playwright';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, addMonths, todayIn, weekdayOf } from '../../domain/shared/plain-date';
import { formatDate } from '../../web/src/i18n/format';
import { firstOfMonth, monthTitle } from '../../web/src/i18n/month';
import { startTestApp, type TestApp } from '../support/app';
import { browserLifecycle } from '../support/browser';
import { newPage, seeBanner, signInAs, type AdminLanguage } from '../support/admin-browser';
import { request } from '../support/http';
import { bearer, seedAdminToken } from '../support/identity';

/**
 * §2.3 the calendar dates screens in Chromium against the whole app (demo seed, sign-in code off, the real clock):
 * the dates tool /admin/calendars/{id}/dates with its modes (§4.3: Add, Edit and Delete, Move, Copy, none), the
 * selection panel, the batch add and edit forms (dates in the router state), the single date editor, the §8
 * banners, a group-session calendar and a pass in French. The calendars are made through the API; every date is
 * counted from today in the unit's time zone.
 */
interface Fixtures {
  today: string;
  /** A Monday two to three weeks ahead: the dates of the suite are counted from it. */
  base: string;
  clinic: { id: number; name: string };
  course: { id: number; name: string };
}

interface Context {
  app?: TestApp;
  browser?: Browser;
  context?: BrowserContext;
  fixtures?: Fixtures;
}

interface ApiLane {
  id: number;
  name: string;
  startTime: string;
  endTime: string;
}
interface ApiDate {
  date: string;
  enabled: boolean;
  lanes: ApiLane[];
  spots: number | null;
  deadline: string | null;
  groupSessionSeriesId: number | null;
}

const test = suite<Context>('e2e: admin calendar dates');
const viewport = { width: 1280, height: 900 };

const staff = {
  name: 'Staff 1',
  startTime: '08:45:00',
  endTime: '15:00:00',
  durations: [{ value: 900, label: '15 min', isDefault: true }],
  slotInterval: 900,
};

async function call(context: Context, method: string, path: string, body?: unknown) {
  const answer = await request(context.app!.baseUrl, method, path, body, bearer(await seedAdminToken(context.app!)));
  if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status} ${answer.text}`);
  return answer.json;
}

/** The calendar's dates from `start` to `end`, by date. */
async function datesOf(
  context: Context,
  calendarId: number,
  start: string,
  end: string,
): Promise<Map<string, ApiDate>> {
  const answer = await call(context, 'GET', `/api/calendars/${calendarId}/dates?startDate=${start}&endDate=${end}`);
  return new Map((answer.items as ApiDate[]).map((item) => [item.date, item]));
}

/** Two calendars made once through the API: an ordinary clinic and a group-session course. */
async function fixtures(context: Context): Promise<Fixtures> {
  if (context.fixtures) return context.fixtures;
  const locations = (await call(context, 'GET', '/api/locations')).items as { id: number }[];
  const categories = (await call(context, 'GET', '/api/categories')).items as { id: number }[];
  const create = async (body: Record<string, unknown>) =>
    (
      await call(context, 'POST', '/api/calendars', {
        enabled: true,
        locationId: locations[0]!.id,
        categoryId: categories[0]!.id,
        lanes: [staff],
        ...body,
      })
    ).id as number;
  const today = todayIn('America/Toronto', new Date());
  const soon = addDays(today, 14);
  const base = addDays(soon, (8 - weekdayOf(soon)) % 7);
  const clinicName = 'Dates Tool Clinic';
  const courseName = 'Dates Tool Course';
  context.fixtures = {
    today,
    base,
    clinic: { id: await create({ name: clinicName }), name: clinicName },
    course: { id: await create({ name: courseName, groupSession: true, spots: 8 }), name: courseName },
  };
  return context.fixtures;
}

/** A lane of the lanes editor: a region named by its heading ("Lane 1", "Couloir 1"). */
const laneRegion = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
/** A day of the month grids. */
const day = (page: Page, date: string) => page.locator(`.cd-months [data-date="${date}"]`);

async function openTool(context: Context, language: AdminLanguage = 'en'): Promise<{ page: Page; fx: Fixtures }> {
  const fx = await fixtures(context);
  const page = await newPage(context, viewport, language);
  const { email, password } = context.app!.seedAdmin;
  await signInAs(context, page, email, password, `/admin/calendars/${fx.clinic.id}/dates`, language);
  await page.getByRole('heading', { level: 1, name: fx.clinic.name }).waitFor();
  await day(page, fx.base).waitFor();
  return { page, fx };
}

async function chooseMode(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).click();
  await page.getByRole('button', { name, exact: true }).and(page.locator('[aria-pressed="true"]')).waitFor();
}

/** The selection panel: start, end (and weekdays left at Monday to Friday), then Select. */
async function selectRange(page: Page, start: string, end: string, french = false) {
  await page.getByLabel(french ? 'Date de début' : 'Start date').fill(start);
  await page.getByLabel(french ? 'Date de fin' : 'End date').fill(end);
  await page.getByRole('button', { name: french ? 'Choisir ces dates' : 'Select these dates' }).click();
}

const register = browserLifecycle(test, {
  start: async (context) => {
    context.app = await startTestApp();
  },
  stop: async (context) => {
    await context.app?.stop();
  },
});

register('Add: weekdays of two weeks chosen with the selection panel, then the batch add form', async (context) => {
  const { page, fx } = await openTool(context);
  const { base, today } = fx;
  assert.ok(
    await page.getByRole('heading', { level: 2, name: formatMonth(today) }).isVisible(),
    'the grid starts with the current month',
  );
  assert.is(await page.locator('.cd-month').count(), 24, '24 months (§9)');

  await chooseMode(page, 'Add');
  // An end before the start selects nothing (§5).
  await selectRange(page, addDays(base, 11), base);
  await page.getByText('The end date is before the start date: no date will be selected.').waitFor();
  await page.getByText('0 dates selected').waitFor();
  // A past day and a day more than a year ahead cannot be chosen (§5).
  assert.ok(await day(page, addMonths(today, 12 + 1)).isDisabled(), 'more than a year ahead');
  if (today.slice(8) !== '01') assert.ok(await day(page, addDays(today, -1)).isDisabled(), 'yesterday');

  await selectRange(page, base, addDays(base, 11));
  await page.getByText('10 dates selected').waitFor();
  assert.is(await day(page, base).getAttribute('aria-pressed'), 'true');
  assert.is(
    await day(page, addDays(base, 5)).getAttribute('aria-pressed'),
    'false',
    'Saturday is not a default weekday',
  );
  // A click unchooses a chosen day, another chooses it again.
  await day(page, addDays(base, 1)).click();
  await page.getByText('9 dates selected').waitFor();
  await day(page, addDays(base, 1)).click();
  await page.getByText('10 dates selected').waitFor();

  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL(/\/dates\/batch\/add$/); // the dates travel in the router state, not the address
  await page.getByRole('heading', { level: 1, name: 'Add calendar dates' }).waitFor();
  await page.getByRole('heading', { level: 2, name: '10 dates' }).waitFor();
  const lane = laneRegion(page, 'Lane 1');
  assert.is(await lane.getByLabel(/^Lane name/).inputValue(), 'Staff 1', "the calendar's lanes");
  assert.is(await lane.getByLabel('Start time').inputValue(), '08:45:00');
  assert.is(await page.getByLabel('Registration deadline').count(), 0, 'not a group-session calendar');
  await page.getByRole('button', { name: 'Save' }).click();
  await seeBanner(page, 'The calendar date(s) have been created.');
  await page.waitForURL(new RegExp(`/admin/calendars/${fx.clinic.id}/dates$`));
  await day(page, base).and(page.locator('[data-kind="enabled"]')).waitFor();

  const dates = await datesOf(context, fx.clinic.id, base, addDays(base, 13));
  assert.equal(
    [...dates.keys()].sort(),
    [0, 1, 2, 3, 4, 7, 8, 9, 10, 11].map((offset) => addDays(base, offset)),
  );
  assert.ok(
    [...dates.values()].every((date) => date.enabled && date.lanes.length === 1 && date.lanes[0]!.name === 'Staff 1'),
  );

  // Add mode no longer offers the existing dates.
  await chooseMode(page, 'Add');
  assert.ok(await day(page, base).isDisabled());
  assert.not.ok(await day(page, addDays(base, 5)).isDisabled());

  // The batch forms opened without dates send back to the tool.
  await page.goto(`${context.app!.baseUrl}/admin/calendars/${fx.clinic.id}/dates/batch/edit`);
  await page.getByText('No dates were chosen.').waitFor();
  await page.getByRole('button', { name: 'Back to the dates' }).first().click();
  await page.waitForURL(new RegExp(`/admin/calendars/${fx.clinic.id}/dates$`));
});

register('Edit: the batch edit form disables two dates, which then show in red', async (context) => {
  const { page, fx } = await openTool(context);
  const { base } = fx;
  const [monday, tuesday] = [base, addDays(base, 1)];
  await chooseMode(page, 'Edit / Delete');
  assert.ok(await day(page, addDays(base, 5)).isDisabled(), 'a day without a date cannot be edited');
  await day(page, monday).click();
  await day(page, tuesday).click();
  await page.getByText('2 dates selected').waitFor();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.waitForURL(/\/dates\/batch\/edit$/);
  await page.getByRole('heading', { level: 1, name: 'Edit calendar dates' }).waitFor();
  await page.getByRole('heading', { level: 2, name: '2 dates' }).waitFor();
  const enabled = page.getByRole('switch', { name: 'Enabled' }).or(page.getByLabel('Enabled', { exact: true }));
  assert.ok(await enabled.first().isChecked());
  await enabled.first().uncheck({ force: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await seeBanner(page, 'The calendar date(s) have been modified.');
  await page.waitForURL(new RegExp(`/admin/calendars/${fx.clinic.id}/dates$`));

  for (const date of [monday, tuesday]) {
    const cell = day(page, date).and(page.locator('[data-kind="disabled"]'));
    await cell.waitFor();
    const colour = await cell.evaluate((element) => getComputedStyle(element).backgroundColor);
    assert.is(colour, 'rgb(251, 215, 212)', 'disabled dates show in red');
  }
  const dates = await datesOf(context, fx.clinic.id, monday, addDays(monday, 2));
  assert.is(dates.get(monday)!.enabled, false);
  assert.is(dates.get(tuesday)!.enabled, false);
  assert.is(dates.get(addDays(monday, 2))!.enabled, true, 'the others are as they were');
  assert.is(dates.get(monday)!.lanes[0]!.name, 'Staff 1', 'lanes untouched');
});

register('Delete: two dates deleted after the confirmation', async (context) => {
  const { page, fx } = await openTool(context);
  const targets = [addDays(fx.base, 2), addDays(fx.base, 3)];
  await chooseMode(page, 'Edit / Delete');
  for (const date of targets) await day(page, date).click();
  await page.getByText('2 dates selected').waitFor();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByText('Delete 2 calendar dates? This cannot be undone.').waitFor();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await seeBanner(page, 'The date(s) have been deleted with success.');
  for (const date of targets) await day(page, date).and(page.locator('[data-kind="free"]')).waitFor();
  await page.getByText('0 dates selected').waitFor();
  const dates = await datesOf(context, fx.clinic.id, targets[0]!, targets[1]!);
  assert.is(dates.size, 0);

  // A refused batch change shows 'Error: ' and the text (§8): the date went away in the meantime.
  const gone = addDays(fx.base, 11);
  await day(page, gone).click();
  await page.getByText('1 date selected').waitFor();
  await call(context, 'DELETE', `/api/batch/calendars/${fx.clinic.id}/dates`, { dates: [gone] });
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Error: This calendar date could not be found.', { exact: true }).waitFor();
  // The dates are read again, and the date that is gone is no longer chosen.
  await day(page, gone).and(page.locator('[data-kind="free"]')).waitFor();
  await page.getByText('0 dates selected').waitFor();
});

register('Move: two dates move, in order, with their lanes, their clients notified', async (context) => {
  const fx = await fixtures(context);
  const [first, second] = [addDays(fx.base, 4), addDays(fx.base, 7)];
  const [firstTarget, secondTarget] = [addDays(fx.base, 22), addDays(fx.base, 21)];
  // One date gets lanes of its own, to see them arrive.
  await call(context, 'PUT', `/api/calendars/${fx.clinic.id}/dates/${first}`, {
    enabled: true,
    lanes: [{ ...staff, name: 'Mover', startTime: '10:00:00', endTime: '12:00:00' }],
  });
  const before = await datesOf(context, fx.clinic.id, first, second);
  // A client booked on the first date: Move asks whether to tell them (issue 19).
  const held = await call(context, 'POST', '/api/locks', {
    calendarDateLaneId: before.get(first)!.lanes[0]!.id,
    startTime: '10:00:00',
    endTime: '10:15:00',
  });
  await call(context, 'POST', '/api/appointments', {
    lockToken: held.token,
    startTime: '10:00:00',
    endTime: '10:15:00',
    clientData: [{ firstName: 'Moved', lastName: 'Client' }],
    email: 'moved.client@example.org',
    language: 'en',
    phone: '613-555-0100',
    phoneReminderType: 0,
  });
  const notify = (page: Page) =>
    page.getByRole('checkbox', { name: 'Notify clients of booked appointments by e-mail' });

  const { page } = await openTool(context);
  await chooseMode(page, 'Move');
  assert.ok(await day(page, firstTarget).isDisabled(), 'step 1 chooses existing dates');
  await day(page, second).click();
  await page.getByText('1 date to move').waitFor();
  assert.is(await notify(page).count(), 0, 'no client booked on the dates chosen: no question');
  await day(page, second).click();
  await day(page, first).click();
  await day(page, second).click();
  await page.getByText('2 dates to move').waitFor();
  assert.ok(await notify(page).isChecked(), 'ticked by default');
  await page.getByRole('button', { name: 'Choose target dates' }).click();
  await page.getByText('Target dates: 0 of 2').waitFor();
  assert.ok(await day(page, addDays(fx.base, 8)).isDisabled(), 'step 2 chooses free dates');
  assert.ok(await page.getByRole('button', { name: 'Move the dates' }).isDisabled(), 'as many targets as sources');
  await day(page, firstTarget).click();
  await day(page, secondTarget).click();
  await page.getByText('Target dates: 2 of 2').waitFor();
  const sent = page.waitForRequest((call) => call.method() === 'PUT' && call.url().endsWith('/dates/patch'));
  await page.getByRole('button', { name: 'Move the dates' }).click();
  assert.equal((await sent).postDataJSON(), {
    fromDates: [first, second],
    toDates: [firstTarget, secondTarget],
    notifyClients: true,
  });
  await seeBanner(page, 'The date(s) have been moved.');
  await day(page, first).and(page.locator('[data-kind="free"]')).waitFor();
  await day(page, firstTarget).and(page.locator('[data-kind="enabled"]')).waitFor();

  const after = await datesOf(context, fx.clinic.id, first, addDays(fx.base, 30));
  assert.not.ok(after.has(first));
  assert.not.ok(after.has(second));
  assert.equal(
    after.get(firstTarget)!.lanes,
    before.get(first)!.lanes,
    'the first date went to the first target, lanes and ids',
  );
  assert.equal(after.get(secondTarget)!.lanes, before.get(second)!.lanes);
  assert.is(after.get(firstTarget)!.lanes[0]!.name, 'Mover');
});

register('Copy: one date copied onto two free dates', async (context) => {
  const fx = await fixtures(context);
  const source = addDays(fx.base, 8);
  const targets = [addDays(fx.base, 28), addDays(fx.base, 29)];
  const { page } = await openTool(context);
  await chooseMode(page, 'Copy');
  await day(page, source).click();
  await day(page, addDays(fx.base, 9)).click(); // Copy takes one source: the last click wins
  await day(page, source).click();
  assert.is(await day(page, source).getAttribute('aria-pressed'), 'true');
  assert.is(await day(page, addDays(fx.base, 9)).getAttribute('aria-pressed'), 'false');
  await page.getByRole('button', { name: 'Choose target dates' }).click();
  // The panel chooses targets too: Monday and Tuesday of that week.
  await selectRange(page, targets[0]!, targets[1]!);
  await page.getByText('2 target dates selected').waitFor();
  await page.getByRole('button', { name: 'Copy the date' }).click();
  await seeBanner(page, 'The date(s) have been copied.');
  for (const date of targets) await day(page, date).and(page.locator('[data-kind="enabled"]')).waitFor();

  const dates = await datesOf(context, fx.clinic.id, source, targets[1]!);
  const from = dates.get(source)!;
  for (const date of targets) {
    const copy = dates.get(date)!;
    assert.equal(
      copy.lanes.map(({ name, startTime, endTime }) => ({ name, startTime, endTime })),
      from.lanes.map(({ name, startTime, endTime }) => ({ name, startTime, endTime })),
    );
    assert.not.equal(copy.lanes[0]!.id, from.lanes[0]!.id, 'each copy has lanes of its own');
  }
});

register('No mode: a click opens the single date editor, whose lanes are saved', async (context) => {
  const { page, fx } = await openTool(context);
  const date = addDays(fx.base, 10);
  assert.ok(await day(page, addDays(fx.base, 5)).isDisabled(), 'a day without a date opens nothing');
  await day(page, date).click();
  await page.waitForURL(new RegExp(`/admin/calendars/${fx.clinic.id}/dates/${date}/edit$`));
  await page.getByRole('heading', { level: 1, name: formatDate('en', date) }).waitFor();
  // The timeslots as saved: 08:45 to 15:00 every 15 minutes.
  await page.getByRole('heading', { name: 'Timeslots' }).waitFor();
  await page.getByRole('rowheader', { name: '8:45\u00a0a.m.' }).waitFor();
  assert.is(await page.locator('.cd-slots-table tbody tr').count(), 25);

  const lane = laneRegion(page, 'Lane 1');
  await lane.getByLabel(/^Lane name/).fill('Nurse A');
  await lane.getByLabel('End time').selectOption('12:00:00');
  // A start after the end is ignored (§5).
  await lane.getByLabel('Start time').selectOption('13:00:00');
  assert.is(await lane.getByLabel('Start time').inputValue(), '08:45:00');
  await page.getByRole('button', { name: 'Add Lane' }).click();
  const second = laneRegion(page, 'Lane 2');
  assert.is(await second.getByLabel(/^Lane name/).inputValue(), 'Nurse A copy');
  await second.getByLabel(/^Lane name/).fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await second.getByText('Enter the name of the lane.').waitFor();
  await second.getByLabel(/^Lane name/).fill('Nurse B');
  await page.getByRole('button', { name: 'Save' }).click();
  await seeBanner(page, 'The calendar date has been updated.');
  await page.waitForURL(new RegExp(`/admin/calendars/${fx.clinic.id}/dates$`));

  const saved = (await datesOf(context, fx.clinic.id, date, date)).get(date)!;
  assert.equal(
    saved.lanes.map(({ name, startTime, endTime }) => ({ name, startTime, endTime })),
    [
      { name: 'Nurse A', startTime: '08:45:00', endTime: '12:00:00' },
      { name: 'Nurse B', startTime: '08:45:00', endTime: '12:00:00' },
    ],
  );
});

register(
  'a group-session calendar: Add asks for the registration deadline and spots of the series',
  async (context) => {
    const fx = await fixtures(context);
    const page = await newPage(context, viewport);
    const { email, password } = context.app!.seedAdmin;
    await signInAs(context, page, email, password, `/admin/calendars/${fx.course.id}/dates`);
    await page.getByRole('heading', { level: 1, name: fx.course.name }).waitFor();
    const sessions = [addDays(fx.base, 1), addDays(fx.base, 8), addDays(fx.base, 15)];
    await chooseMode(page, 'Add');
    await page.getByLabel('Interval').selectOption('weekly');
    await page.getByRole('checkbox', { name: 'Monday' }).uncheck({ force: true });
    for (const weekday of ['Wednesday', 'Thursday', 'Friday'])
      await page.getByRole('checkbox', { name: weekday }).uncheck({ force: true });
    await selectRange(page, fx.base, addDays(fx.base, 20));
    await page.getByText('3 dates selected').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/\/dates\/batch\/add$/);
    assert.is(await page.getByLabel(/^Spots/).inputValue(), '8', "the calendar's spots");
    assert.is(await page.getByLabel(/^Registration deadline/).inputValue(), addDays(sessions[0]!, -1));
    await page.getByLabel(/^Spots/).fill('120');
    await page.getByLabel(/^Registration deadline/).fill(addDays(sessions[0]!, 1));
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter a number of spots from 1 to 100.').waitFor();
    await page.getByText('The registration deadline is from today to the first session date.').waitFor();
    await page.getByLabel(/^Spots/).fill('12');
    await page.getByLabel(/^Registration deadline/).fill(fx.base);
    await page.getByRole('button', { name: 'Save' }).click();
    await seeBanner(page, 'The calendar date(s) have been created.');
    await page.waitForURL(new RegExp(`/admin/calendars/${fx.course.id}/dates$`));

    const dates = await datesOf(context, fx.course.id, fx.base, addDays(fx.base, 20));
    assert.equal([...dates.keys()].sort(), sessions);
    const seriesIds = new Set([...dates.values()].map((date) => date.groupSessionSeriesId));
    assert.is(seriesIds.size, 1, 'one series');
    assert.ok([...seriesIds][0]);
    assert.ok([...dates.values()].every((date) => date.spots === 12 && date.deadline === fx.base));
  },
);

register(
  'a group-session calendar: Copy asks for the deadline and spots, and the copies are a new series',
  async (context) => {
    const fx = await fixtures(context);
    const source = addDays(fx.base, 43);
    const targets = [addDays(fx.base, 50), addDays(fx.base, 57)];
    const added = await call(context, 'POST', `/api/batch/calendars/${fx.course.id}/dates`, {
      dates: [source],
      lanes: [staff],
      deadline: fx.base,
      spots: 5,
    });
    const sourceSeries = (added.items as ApiDate[])[0]!.groupSessionSeriesId;
    const page = await newPage(context, viewport);
    const { email, password } = context.app!.seedAdmin;
    await signInAs(context, page, email, password, `/admin/calendars/${fx.course.id}/dates`);
    await page.getByRole('heading', { level: 1, name: fx.course.name }).waitFor();
    await chooseMode(page, 'Copy');
    await day(page, source).click();
    await page.getByRole('button', { name: 'Choose target dates' }).click();
    for (const date of targets) await day(page, date).click();
    await page
      .getByText('The copies make a new series of this course, with its own registration deadline and spots.')
      .waitFor();
    assert.is(await page.getByLabel(/^Spots/).inputValue(), '5', "the source's spots");
    assert.is(
      await page.getByLabel(/^Registration deadline/).inputValue(),
      addDays(targets[0]!, -1),
      'the day before the first copy',
    );
    await page.getByLabel(/^Registration deadline/).fill(addDays(targets[0]!, 1));
    await page.getByRole('button', { name: 'Copy the date' }).click();
    await page.getByText('The registration deadline is from today to the first session date.').waitFor();
    assert.is((await datesOf(context, fx.course.id, targets[0]!, targets[1]!)).size, 0, 'nothing copied yet');

    await page.getByLabel(/^Registration deadline/).fill(addDays(targets[0]!, -3));
    await page.getByRole('button', { name: 'Copy the date' }).click();
    await seeBanner(page, 'The date(s) have been copied.');
    const copies = [...(await datesOf(context, fx.course.id, targets[0]!, targets[1]!)).values()];
    assert.equal(
      copies.map((copy) => copy.date),
      targets,
    );
    const seriesIds = new Set(copies.map((copy) => copy.groupSessionSeriesId));
    assert.is(seriesIds.size, 1, 'one series for the copies');
    assert.not.ok(seriesIds.has(sourceSeries) || seriesIds.has(null), 'a series of their own');
    assert.ok(copies.every((copy) => copy.spots === 5 && copy.deadline === addDays(targets[0]!, -3)));
  },
);

register('in French: the tool, the batch add form with French times, and the banner', async (context) => {
  const { page, fx } = await openTool(context, 'fr');
  const week = [0, 1, 2, 3, 4].map((offset) => addDays(fx.base, 35 + offset));
  await page.getByRole('heading', { level: 2, name: formatMonth(fx.today, 'fr') }).waitFor();
  await page.getByText('Cliquez sur une date pour la modifier', { exact: false }).waitFor();
  await chooseMode(page, 'Ajouter');
  await selectRange(page, week[0]!, week[4]!, true);
  await page.getByText('5 dates choisies').waitFor();
  await page.getByRole('button', { name: 'Suivant' }).click();
  await page.waitForURL(/\/dates\/batch\/add$/);
  await page.getByRole('heading', { level: 1, name: 'Ajouter des dates de calendrier' }).waitFor();
  const lane = laneRegion(page, 'Couloir 1');
  const start = lane.getByLabel('Heure de début');
  assert.is(await start.locator('option:checked').innerText(), '8\u00a0h\u00a045', 'French times: 8 h 45');
  await lane.getByLabel('Heure de fin').selectOption('14:30:00');
  assert.is(await lane.getByLabel('Heure de fin').locator('option:checked').innerText(), '14\u00a0h\u00a030');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await seeBanner(page, 'La ou les dates de calendrier ont été créées.');
  await page.waitForURL(new RegExp(`/admin/calendars/${fx.clinic.id}/dates$`));
  const dates = await datesOf(context, fx.clinic.id, week[0]!, week[4]!);
  assert.equal([...dates.keys()].sort(), week);
  assert.ok([...dates.values()].every((date) => date.lanes[0]!.endTime === '14:30:00'));
});

/** The title of the month of `date` as the grid shows it ("June 2026" / "Juin 2026"). */
const formatMonth = (date: string, language: AdminLanguage = 'en'): string => monthTitle(language, firstOfMonth(date));

test.run();
