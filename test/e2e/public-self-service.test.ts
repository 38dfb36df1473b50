import type { Browser, BrowserContext, Page } from 'playwright';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays } from '../../domain/shared/plain-date';
import { formatDate, formatTime } from '../../web/src/i18n/format';
import type { Language } from '../../web/src/i18n/languages';
import { startTestApp, type TestApp } from '../support/app';
import { accessibilityProblems } from '../support/axe';
import { solvedBotCheck } from '../support/bot-check';
import { browserLifecycle } from '../support/browser';
import { request } from '../support/http';
import { bearer, mailsTo, seedAdminToken } from '../support/identity';
import { parseMail, partOfType } from '../support/mail-message';
import { startSmtpCapture } from '../support/smtp-capture';
import { touchTargetProblems } from '../support/touch-targets';

/**
 * Issue 20 items 1-5, "Find my booking" (/{lang}/appointment) in a phone-sized Chromium against the whole app with the
 * demo seed and the bot check on: a booking opened from its e-mail's link, moved to another time, then cancelled; and
 * one found by its code and last name in French. Mail goes to a real SMTP capture.
 */
interface Context {
  app?: TestApp;
  smtp?: Awaited<ReturnType<typeof startSmtpCapture>>;
  root?: string;
  browser?: Browser;
  context?: BrowserContext;
}

const test = suite<Context>('e2e: public self-service');
const timeout = 15_000;
const SERVICE = { en: 'Childhood Immunization Clinic', fr: 'Clinique de vaccination des enfants' };
const CALENDAR = { en: 'Cornwall Immunization Clinic', fr: 'Clinique de vaccination de Cornwall' };
const siteConsent = {
  en: 'I consent to the collection of my personal health information.',
  fr: 'Je consens à la collecte de mes renseignements personnels sur la santé.',
};

const register = browserLifecycle(test, {
  start: async (context) => {
    context.smtp = await startSmtpCapture();
    context.app = await startTestApp({ botCheck: 'on', smtpUrl: context.smtp.url });
    context.root = await seedAdminToken(context.app);
  },
  stop: async (context) => {
    await context.app?.stop();
    await context.smtp?.stop();
  },
});

async function newPage(context: Context): Promise<Page> {
  context.context = await context.browser!.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.context.newPage();
  page.setDefaultTimeout(timeout);
  page.on('pageerror', (error) => console.error('  page error:', error.message));
  return page;
}

function addMinutes(time: string, minutes: number): string {
  const [hours, mins] = time.split(':').map(Number);
  const total = hours! * 60 + mins! + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}:00`;
}

interface Slot {
  id: number;
  time: string;
}
interface BookableDay {
  serviceId: number;
  calendarId: number;
  date: string;
  first: Slot;
  second: Slot;
}

/** A day of the demo's immunization clinic well past the 24-hour cut-off, with two free 15-minute times. */
async function bookableDay(context: Context, language: Language): Promise<BookableDay> {
  const base = context.app!.baseUrl;
  const list = await request(base, 'GET', `/api/public/services?locale=${language}`);
  const service = (list.json.items as { id: number; title: string }[]).find((item) => item.title === SERVICE[language]);
  assert.ok(service, `the service ${SERVICE[language]} is offered`);
  const detail = (await request(base, 'GET', `/api/public/services/${service.id}?locale=${language}`)).json;
  const calendar = (detail.calendars as { id: number; name: string }[]).find((c) => c.name === CALENDAR[language])!;
  const dates = await request(
    base,
    'GET',
    `/api/public/services/${service.id}/calendar/${calendar.id}/dates?duration=900`,
  );
  assert.is(dates.status, 200, dates.text);
  const later = addDays(new Date().toISOString().slice(0, 10), 3);
  const day = (dates.json.items as { date: string; timeslots: Slot[] }[]).find(
    (candidate) => candidate.date >= later && candidate.timeslots.length >= 3,
  );
  assert.ok(day, 'a date three days ahead or more with free times');
  // the second time is not the next one: the first booking's own 15 minutes must not overlap it
  return {
    serviceId: service.id,
    calendarId: calendar.id,
    date: day.date,
    first: day.timeslots[0]!,
    second: day.timeslots.at(-1)!,
  };
}

/** Books `slot` as the public does (lock, then the form), each call with a solved bot check; answers the code. */
async function book(
  context: Context,
  day: BookableDay,
  slot: Slot,
  client: { firstName: string; lastName: string; email: string; language: Language },
): Promise<string> {
  const base = context.app!.baseUrl;
  const lock = await request(base, 'POST', '/api/public/locks', {
    calendarDateLaneId: slot.id,
    startTime: slot.time,
    endTime: addMinutes(slot.time, 15),
    serviceId: day.serviceId,
    botCheck: await solvedBotCheck(base),
  });
  assert.is(lock.status, 201, lock.text);
  const booked = await request(base, 'POST', '/api/public/appointments', {
    lockToken: lock.json.token,
    serviceId: day.serviceId,
    clientData: [{ firstName: client.firstName, lastName: client.lastName }],
    email: client.email,
    language: client.language,
    phone: '613-555-0100',
    phoneReminderType: 2,
    sendConfirmationEmail: true,
    agreeValidInfo: true,
    agreePhone: true,
    botCheck: await solvedBotCheck(base),
  });
  assert.is(booked.status, 201, booked.text);
  return booked.json.confirmationCode as string;
}

/** The mails to `address` once there are `count` of them. */
async function mailsArrive(context: Context, address: string, count: number) {
  const deadline = Date.now() + timeout;
  while (mailsTo(context.smtp!.messages, address).length < count && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  const mails = mailsTo(context.smtp!.messages, address);
  assert.ok(mails.length >= count, `${count} mail(s) to ${address} (${mails.length})`);
  return mails;
}

/** The "manage my booking" link of a mail: the page's address with the token after `#`. */
function manageLinkOf(raw: string, language: Language): string {
  const text = partOfType(parseMail(raw), 'text/plain')?.body ?? '';
  const link = new RegExp(`https?://[^\\s]+/${language}/appointment#token=[A-Za-z0-9._-]+`).exec(text)?.[0];
  assert.ok(link, `the mail links to the booking's page: ${text.slice(0, 400)}`);
  return link;
}

async function slotLabel(context: Context, day: BookableDay, slot: Slot): Promise<string | undefined> {
  const answer = await request(
    context.app!.baseUrl,
    'GET',
    `/api/calendars/${day.calendarId}/dates/${day.date}?timeslots=1`,
    undefined,
    bearer(context.root!),
  );
  assert.is(answer.status, 200, answer.text);
  const lane = (answer.json.lanes as { id: number; timeslots: { time: string; label: string }[] }[]).find(
    (candidate) => candidate.id === slot.id,
  );
  return lane?.timeslots.find((candidate) => candidate.time === slot.time)?.label;
}

/** The slot's label once it is `expected` (a release the page started may still be on its way), else the last seen. */
async function slotLabelBecomes(context: Context, day: BookableDay, slot: Slot, expected: string) {
  let label: string | undefined;
  for (let attempt = 0; attempt < 50; attempt++) {
    label = await slotLabel(context, day, slot);
    if (label === expected) return label;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return label;
}

const heading = (page: Page, name: string) =>
  page.getByRole('heading', { name, exact: true }).first().waitFor({ state: 'visible' });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

async function choose(page: Page, name: string) {
  await page.getByRole('radio', { name }).first().check({ force: true });
}

/**
 * axe-core (WCAG 2.1 A/AA) and, unless `touch` is false, the touch sizes of the page as it is now (a phone number
 * inside a sentence is running text, which WCAG exempts).
 */
async function checkStep(page: Page, step: string, { touch = true } = {}) {
  // after the transitions (a dialog fading in has no contrast yet); endless ones (spinners) are not waited for
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const problems = [
    ...(await accessibilityProblems(page, { reviewAsFailure: ['aria-prohibited-attr'] })),
    ...(touch ? await touchTargetProblems(page) : []),
  ];
  if (problems.length > 0) console.error(`  ${step}:\n    ${problems.join('\n    ')}`);
  assert.equal(problems, [], `${step}: no accessibility or touch-size problem`);
}

async function noHorizontalScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  assert.ok(widths.scroll <= widths.client, `no horizontal scrolling at 375 px (${widths.scroll} > ${widths.client})`);
}

register('English: open from the e-mail link, reschedule (Back releases the time), then cancel', async (context) => {
  const base = context.app!.baseUrl;
  const day = await bookableDay(context, 'en');
  const email = 'avery.self@example.com';
  const code = await book(context, day, day.first, { firstName: 'Avery', lastName: 'Tremblay', email, language: 'en' });
  const [confirmation] = await mailsArrive(context, email, 1);
  const link = manageLinkOf(confirmation!.raw, 'en');

  const page = await newPage(context);
  await page.goto(link.replace(/^https?:\/\/[^/]+/, base));
  await heading(page, 'Your booking');
  assert.not.match(page.url(), /token/, 'the token leaves the address bar');
  await page.getByText(code, { exact: true }).waitFor();
  await page.getByText(formatDate('en', day.date)).waitFor();
  const firstHours = `${formatTime('en', day.first.time)} to ${formatTime('en', addMinutes(day.first.time, 15))}`;
  await page.getByText(firstHours).waitFor();
  await page.getByText('Avery', { exact: true }).waitFor();
  assert.is(await page.getByText('Tremblay').count(), 0, 'first names only');
  await noHorizontalScroll(page);
  await checkStep(page, 'the booking');

  await page.reload();
  await heading(page, 'Your booking');
  await page.getByText(code, { exact: true }).waitFor();

  await button(page, 'Reschedule').click();
  await heading(page, 'Select a date:');
  await page.waitForFunction(() => document.activeElement?.tagName === 'H2');
  await choose(page, formatDate('en', day.date));
  await button(page, 'Next').click();
  await heading(page, 'Select a time:');
  await choose(page, formatTime('en', day.second.time));
  await button(page, 'Next').click();
  await heading(page, 'Move your appointment?');
  const when = (time: string) => `${formatDate('en', day.date)} at ${formatTime('en', time)}`;
  await page.getByText(`Move my appointment from ${when(day.first.time)} to ${when(day.second.time)}?`).waitFor();
  await checkStep(page, 'move your appointment?');
  assert.is(await slotLabel(context, day, day.second), 'Locked', 'the new time is held');

  await button(page, 'Back').click();
  await heading(page, 'Select a time:');
  assert.is(await slotLabelBecomes(context, day, day.second, 'Available'), 'Available', 'Back released the new time');
  await choose(page, formatTime('en', day.second.time));
  await button(page, 'Next').click();
  await heading(page, 'Move your appointment?');
  await button(page, 'Confirm').click();

  await page.getByText('Your appointment is moved. A new confirmation is on its way.').waitFor();
  await page
    .getByText(`${formatTime('en', day.second.time)} to ${formatTime('en', addMinutes(day.second.time, 15))}`)
    .waitFor();
  assert.is(await slotLabel(context, day, day.first), 'Available', 'the old time is free');
  assert.is(await slotLabel(context, day, day.second), 'Booked', 'the new time is booked');
  await mailsArrive(context, email, 2);

  await button(page, 'Cancel my booking').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(`Cancel your booking ${code}?`, { exact: false }).waitFor();
  await checkStep(page, 'cancel your booking?');
  await dialog.getByRole('button', { name: 'Keep my booking' }).click();
  await dialog.waitFor({ state: 'detached' });
  assert.is(await slotLabel(context, day, day.second), 'Booked', 'Keep cancels nothing');
  await button(page, 'Cancel my booking').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel my booking' }).click();
  await page
    .getByText(`Your booking ${code} is cancelled. A confirmation e-mail is on its way if you gave an address.`)
    .waitFor();
  assert.is(await button(page, 'Reschedule').count(), 0, 'no more changes');
  assert.is(await button(page, 'Cancel my booking').count(), 0);
  assert.is(await slotLabelBecomes(context, day, day.second, 'Available'), 'Available', 'the time is free at once');

  // the service list links to the page
  await page.goto(`${base}/en`);
  await page.getByLabel(siteConsent.en).first().check({ force: true });
  await page.goto(`${base}/en/service`);
  await checkStep(page, 'the services, with the link to this page');
  await page.getByRole('button', { name: 'Find, change or cancel my booking' }).click();
  await page.getByRole('heading', { level: 1, name: 'Find my booking' }).waitFor();
});

register(
  'French: found by its code and last name, times like 14 h 30, a wrong name refused, then cancelled',
  async (context) => {
    const day = await bookableDay(context, 'fr');
    const code = await book(context, day, day.first, {
      firstName: 'Émilie',
      lastName: 'Côté',
      email: 'emilie.self@example.com',
      language: 'fr',
    });
    const page = await newPage(context);
    await page.goto(`${context.app!.baseUrl}/fr/appointment`);
    await page.getByRole('heading', { level: 1, name: 'Retrouver ma réservation' }).waitFor();
    await noHorizontalScroll(page);

    await button(page, 'Retrouver ma réservation').click();
    await page.getByText('Veuillez remplir les deux champs.').waitFor();
    const codeField = page.getByRole('textbox', { name: 'Code de confirmation' });
    const nameField = page.getByRole('textbox', { name: 'Nom de famille' });
    assert.is(await codeField.getAttribute('aria-invalid'), 'true');
    await checkStep(page, 'the lookup form with its errors');

    await codeField.fill(code.toLowerCase());
    await nameField.fill('Personne');
    await nameField.press('Enter'); // the keyboard alone submits
    await page.getByText(/Aucune réservation ne correspond à ce code de confirmation et à ce nom de famille/).waitFor();

    await nameField.fill('Côté');
    await button(page, 'Retrouver ma réservation').click();
    await heading(page, 'Votre réservation');
    await page.getByText(code, { exact: true }).waitFor();
    const hours = await page.locator('.booking-summary-row', { hasText: 'Heure' }).locator('dd').textContent();
    assert.match(
      hours ?? '',
      /^de \d{1,2}\u00a0h(\u00a0\d{2})? à \d{1,2}\u00a0h(\u00a0\d{2})?$/,
      `French times: ${hours}`,
    );
    await page.getByText(formatDate('fr', day.date)).waitFor();

    await button(page, 'Annuler ma réservation').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Annuler ma réservation' }).click();
    await page.getByText(`Votre réservation ${code} est annulée.`, { exact: false }).waitFor();
    assert.is(await slotLabelBecomes(context, day, day.first, 'Available'), 'Available', 'the time is free at once');
  },
);

register('past the cut-off: no changes online, the place’s phone to call instead', async (context) => {
  const base = context.app!.baseUrl;
  const day = await bookableDay(context, 'en');
  const email = 'casey.self@example.com';
  const code = await book(context, day, day.first, { firstName: 'Casey', lastName: 'Roy', email, language: 'en' });
  const [confirmation] = await mailsArrive(context, email, 1);
  const service = `/api/services/${day.serviceId}`;
  const settings = (await request(base, 'GET', service, undefined, bearer(context.root!))).json;
  const cutOff = async (hours: number) => {
    const saved = await request(
      base,
      'PUT',
      service,
      { ...settings, selfServiceCutoffHours: hours },
      bearer(context.root!),
    );
    assert.is(saved.status, 200, saved.text);
  };
  await cutOff(720); // changes close 30 days before: this booking is past its cut-off
  try {
    const page = await newPage(context);
    await page.goto(manageLinkOf(confirmation!.raw, 'en').replace(/^https?:\/\/[^/]+/, base));
    await heading(page, 'Your booking');
    await page.getByText(code, { exact: true }).waitFor();
    await page.getByText(/This booking can no longer be changed online\. Please call .+\./).waitFor();
    const phone = page.getByRole('link', { name: /\d{3}.\d{3}.\d{4}/ });
    assert.match((await phone.getAttribute('href')) ?? '', /^tel:\+?\d{10,11}$/, 'the phone is a tel: link');
    assert.is(await button(page, 'Reschedule').count(), 0, 'no Reschedule');
    assert.is(await button(page, 'Cancel my booking').count(), 0, 'no Cancel');
    await checkStep(page, 'past the cut-off', { touch: false });
  } finally {
    await cutOff(settings.selfServiceCutoffHours);
  }
});

test.run();
