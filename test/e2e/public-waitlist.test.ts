import type { Browser, BrowserContext, Page } from 'playwright';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, todayIn } from '../../domain/shared/plain-date';
import { formatDate } from '../../web/src/i18n/format';
import type { Language } from '../../web/src/i18n/languages';
import { signInAs } from '../support/admin-browser';
import { startTestApp, type TestApp } from '../support/app';
import { solvedBotCheck } from '../support/bot-check';
import { browserLifecycle } from '../support/browser';
import { demoBooking } from '../support/demo-booking';
import { request } from '../support/http';
import { bearer, mailsTo, seedAdminToken } from '../support/identity';
import { parseMail, partOfType } from '../support/mail-message';
import { createPublicService } from '../support/public-service';
import { startSmtpCapture } from '../support/smtp-capture';
import { classLane, clinicLane } from '../support/waitlist-offers';

/**
 * Issue 20 item 6 in a phone-sized Chromium against the whole app, the bot check on: a full course, joined from the
 * wizard in English; staff see the line and remove someone; an unregistration frees the spot; the offer e-mail's link,
 * opened in a new browser (consent asked on the way), books it; the used link then says so. In French, the same for a
 * clinic date with no free time, its booking cancelled by staff.
 */
interface Context {
  app?: TestApp;
  smtp?: Awaited<ReturnType<typeof startSmtpCapture>>;
  root?: string;
  serviceId?: number;
  courseId?: number;
  clinicId?: number;
  browser?: Browser;
  context?: BrowserContext;
}

const test = suite<Context>('e2e: public waitlist');
const timeout = 15_000;
const today = todayIn('America/Toronto', new Date());
const words = {
  en: {
    consent: 'I consent to the collection of my personal health information.',
    next: 'Next',
    form: 'Your information',
    names: ['First name', 'Last name', 'Phone', 'Reminder', 'No reminder', 'Email'],
  },
  fr: {
    consent: 'Je consens à la collecte de mes renseignements personnels sur la santé.',
    next: 'Suivant',
    form: 'Vos renseignements',
    names: ['Prénom', 'Nom de famille', 'Téléphone', 'Rappel', 'Aucun rappel', 'Courriel'],
  },
} as const;

const register = browserLifecycle(test, {
  start: async (context) => {
    context.smtp = await startSmtpCapture();
    context.app = await startTestApp({ botCheck: 'on', smtpUrl: context.smtp.url });
    context.root = await seedAdminToken(context.app);
    const items = async (path: string) => (await api(context, 'GET', path)).json.items;
    const templateId = (await items('/templates')).find(
      (template: { name: string }) => template.name === 'Appointment confirmation',
    ).id;
    const calendar = async (changes: Record<string, unknown>) => {
      const created = await api(context, 'POST', '/calendars', {
        enabled: true,
        locationId: (await items('/locations'))[0].id,
        categoryId: (await items('/categories'))[0].id,
        emailsEnabled: true,
        notificationTemplateId: templateId,
        ...changes,
      });
      assert.is(created.status, 201, created.text);
      return created.json.id as number;
    };
    context.clinicId = await calendar({ name: 'Waitlist clinic', lanes: [clinicLane] });
    context.courseId = await calendar({ name: 'Waitlist course', groupSession: true, spots: 1, lanes: [classLane] });
    context.serviceId = await createPublicService(
      context.app.baseUrl,
      bearer(context.root),
      [context.clinicId, context.courseId],
      { maxDaysAhead: 30 },
    );
  },
  stop: async (context) => {
    await context.app?.stop();
    await context.smtp?.stop();
  },
});

function api(context: Context, method: string, path: string, body?: unknown) {
  return request(context.app!.baseUrl, method, `/api${path}`, body, bearer(context.root!));
}

const publicCall = (context: Context, method: string, path: string, body?: unknown) =>
  request(context.app!.baseUrl, method, `/api${path}`, body);

/** A new browser (context) with its page; the test's previous one is closed. */
async function newPage(context: Context): Promise<Page> {
  await context.context?.close();
  context.context = await context.browser!.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.context.newPage();
  page.setDefaultTimeout(timeout);
  page.on('pageerror', (error) => console.error('  page error:', error.message));
  return page;
}

async function heading(page: Page, name: string | RegExp) {
  await page
    .getByRole('heading', { name, ...(typeof name === 'string' ? { exact: true } : {}) })
    .first()
    .waitFor({ state: 'visible' });
}

/** Blueprint draws its checkbox and radio over the native input: force the click. */
const tick = (page: Page, label: string | RegExp) => page.getByLabel(label).first().check({ force: true });
const choose = (page: Page, name: string) => page.getByRole('radio', { name }).first().check({ force: true });
const button = (page: Page, name: string | RegExp) =>
  page.getByRole('button', { name, ...(typeof name === 'string' ? { exact: true } : {}) });

/** Site consent, the service's landing step, then the calendar: the wizard's first day step. */
async function walkToCalendar(page: Page, context: Context, language: Language, calendarName: string) {
  await page.goto(`${context.app!.baseUrl}/${language}`);
  await tick(page, words[language].consent);
  await page.goto(`${context.app!.baseUrl}/${language}/service/${context.serviceId}`);
  await fromLandingTo(page, language, calendarName);
}

async function fromLandingTo(page: Page, language: Language, calendarName: string) {
  await button(page, words[language].next).click();
  await choose(page, calendarName);
  await button(page, words[language].next).click();
}

/** Holds a place as the wizard does (lock) and books it for `name`; answers the confirmation code. */
async function book(context: Context, lock: Record<string, unknown>, name: string): Promise<string> {
  const serviceId = context.serviceId!;
  const locked = await publicCall(context, 'POST', '/public/locks', {
    ...lock,
    serviceId,
    botCheck: await solvedBotCheck(context.app!.baseUrl),
  });
  assert.is(locked.status, 201, locked.text);
  const booked = await publicCall(context, 'POST', '/public/appointments', {
    ...demoBooking(locked.json.token, serviceId, { firstName: name, lastName: 'Client' }),
    sendConfirmationEmail: false,
    ...(lock.spots ? { spots: lock.spots } : {}),
    botCheck: await solvedBotCheck(context.app!.baseUrl),
  });
  assert.is(booked.status, 201, booked.text);
  return booked.json.confirmationCode as string;
}

async function appointmentIdOf(context: Context, code: string): Promise<number> {
  const knex = context.app!.server.database.knex;
  for (let attempt = 0; attempt < 100; attempt++) {
    const row = await knex('appointments').where({ confirmation_code: code }).first<{ id: number } | undefined>('id');
    if (row) return row.id;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no appointment ${code}`);
}

/** The path of the offer e-mail's link (`/{lang}/service/{id}#offer=…`), once the e-mail has come. */
async function offerLinkTo(context: Context, address: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (mailsTo(context.smtp!.messages, address).length === 0 && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 200));
  const [mail] = mailsTo(context.smtp!.messages, address);
  assert.ok(mail, `the offer e-mail to ${address} arrives`);
  const text = partOfType(parseMail(mail.raw), 'text/plain')?.body ?? '';
  const link = /\/(en|fr)\/service\/\d+#offer=[^\s<>"]+/.exec(text)?.[0];
  assert.ok(link, `a link into the booking form: ${text}`);
  return link;
}

/** Opens the offer's link in a new browser: consent is asked on the way, then the form opens on the place held. */
async function openOffer(context: Context, language: Language, link: string): Promise<Page> {
  const page = await newPage(context);
  await page.goto(`${context.app!.baseUrl}${link}`);
  await page.waitForURL(new RegExp(`/${language}$`));
  await tick(page, words[language].consent);
  await button(page, words[language].next).click();
  await page.waitForURL(/#offer=/);
  await heading(page, words[language].form);
  return page;
}

async function fillAndSubmit(page: Page, language: Language, submit: string) {
  const [first, last, phone, reminder, noReminder] = words[language].names;
  await page.getByRole('textbox', { name: first, exact: true }).fill('Wren');
  await page.getByRole('textbox', { name: last, exact: true }).fill('Waiting');
  await page.getByRole('textbox', { name: phone, exact: true }).fill('613-555-0177');
  await page.getByRole('combobox', { name: reminder, exact: true }).selectOption({ label: noReminder });
  await button(page, submit).click();
}

/** The staff's view of a line as [e-mail, status] pairs, once it is `expected` (a booking's projection may lag). */
async function lineBecomes(context: Context, calendarId: number, query: string, expected: string[][]) {
  let seen: string[][] = [];
  for (let attempt = 0; attempt < 100; attempt++) {
    const answer = await api(context, 'GET', `/calendars/${calendarId}/waitlist?${query}`);
    assert.is(answer.status, 200, answer.text);
    seen = (answer.json.items as { email: string; status: string }[]).map((entry) => [entry.email, entry.status]);
    if (JSON.stringify(seen) === JSON.stringify(expected)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.equal(seen, expected);
}

register(
  'a full course: join in English, staff see the line and remove one, an unregistration offers the spot, the link books it',
  async (context) => {
    const date = addDays(today, 3);
    const added = await api(context, 'POST', `/batch/calendars/${context.courseId}/dates`, {
      dates: [date],
      lanes: [classLane],
      deadline: addDays(today, 2),
      spots: 1,
    });
    assert.is(added.status, 201, added.text);
    const laneId = added.json.items[0].lanes[0].id as number;
    const seriesId = Math.max(
      ...(
        (await api(context, 'GET', `/calendars/${context.courseId}/group-session-series`)).json.items as {
          id: number;
        }[]
      ).map((series) => series.id),
    );
    const code = await book(
      context,
      { calendarDateLaneId: laneId, startTime: '18:00:00', endTime: '20:00:00', spots: 1 },
      'Ada',
    );

    const page = await newPage(context);
    await walkToCalendar(page, context, 'en', 'Waitlist course');
    await heading(page, 'Select a session:');
    await heading(page, 'Full sessions');
    assert.is(await page.getByText('There are no dates available.').count(), 0, 'the full session shows instead');
    await button(page, `Join the waitlist for the session starting ${formatDate('en', date)}`).click();
    const email = page.getByRole('textbox', { name: 'Email' });
    await button(page, 'Join the waitlist').click();
    await page.getByText('This field is required.').waitFor();
    await email.fill('wren@example.com');
    assert.ok(await page.getByRole('radio', { name: 'English' }).isChecked(), "the page's language at first");
    await button(page, 'Join the waitlist').click();
    await page
      .getByText(
        'You are number 1 in line. We will e-mail you as soon as a place is free; the offer holds it for a limited time.',
      )
      .waitFor();
    // the same address again (the page reloaded): the refusal, translated
    await page.reload();
    await fromLandingTo(page, 'en', 'Waitlist course');
    await button(page, `Join the waitlist for the session starting ${formatDate('en', date)}`).click();
    await email.fill('wren@example.com');
    await button(page, 'Join the waitlist').click();
    await page.getByText('This e-mail address is already on the waitlist.').waitFor();

    // someone else joins; staff see both on the series' page, and an administrator removes the second
    const second = await publicCall(context, 'POST', '/public/waitlist', {
      serviceId: context.serviceId,
      calendarId: context.courseId,
      seriesId,
      email: 'other@example.com',
      language: 'fr',
      spots: 1,
      botCheck: await solvedBotCheck(context.app!.baseUrl),
    });
    assert.is(second.status, 201, second.text);
    const staff = await newPage(context);
    const seriesPage = `/admin/calendars/${context.courseId}/group-session-series/${seriesId}`;
    await signInAs(context, staff, context.app!.seedAdmin.email, context.app!.seedAdmin.password, seriesPage);
    await heading(staff, 'Waitlist');
    const row = (address: string) => staff.getByRole('row').filter({ hasText: address });
    await row('wren@example.com').getByText('Waiting').waitFor();
    await button(staff, 'Remove other@example.com from the waitlist').click();
    await staff.getByRole('alertdialog').getByRole('button', { name: 'Remove', exact: true }).click();
    await row('other@example.com').getByText('Removed').waitFor();
    await lineBecomes(context, context.courseId!, `seriesId=${seriesId}`, [
      ['wren@example.com', 'waiting'],
      ['other@example.com', 'left'],
    ]);

    const unregistered = await api(
      context,
      'DELETE',
      `/calendars/${context.courseId}/group-session-series/${seriesId}/registrations/${await appointmentIdOf(context, code)}`,
    );
    assert.is(unregistered.status, 200, unregistered.text);
    const link = await offerLinkTo(context, 'wren@example.com');
    assert.match(link, new RegExp(`^/en/service/${context.serviceId}#offer=`));

    const offered = await openOffer(context, 'en', link);
    await offered.getByText(/^Held for you until /).waitFor();
    assert.is(await offered.getByText(/Time Left:/).count(), 0, 'no seconds countdown while hours are left');
    assert.is(await offered.getByRole('textbox', { name: 'Email' }).inputValue(), 'wren@example.com');
    assert.is(await button(offered, 'Back').count(), 0, "the offer's place is the one to book");
    assert.ok(await offered.getByText(formatDate('en', date)).first().isVisible(), "the course's date");
    await fillAndSubmit(offered, 'en', 'Register');
    await heading(offered, 'You are registered');
    assert.not.match(offered.url(), /#offer=/, 'the used offer leaves the address');
    await lineBecomes(context, context.courseId!, `seriesId=${seriesId}`, [
      ['wren@example.com', 'booked'],
      ['other@example.com', 'left'],
    ]);

    // the link again, in the same tab (only the address's hash changes): the wizard starts over on it, used
    await offered.goto(`${context.app!.baseUrl}${link}`);
    await heading(offered, 'This offer cannot be used');
    await offered.getByText('This offer does not exist or has already been used.').waitFor();
    await button(offered, 'Start over').click();
    await heading(offered, 'About this service');
    assert.not.match(offered.url(), /#offer=/);
  },
);

register(
  'in French: a clinic date with no free time, joined from the date step, booked through the offer',
  async (context) => {
    const date = addDays(today, 2);
    const added = await api(context, 'POST', `/batch/calendars/${context.clinicId}/dates`, {
      dates: [date],
      lanes: [clinicLane],
    });
    assert.is(added.status, 201, added.text);
    const laneId = added.json.items[0].lanes[0].id as number;
    const code = await book(context, { calendarDateLaneId: laneId, startTime: '09:00:00', endTime: '09:15:00' }, 'Bea');

    const page = await newPage(context);
    await walkToCalendar(page, context, 'fr', 'Waitlist clinic');
    await heading(page, 'Choisissez une date :');
    await button(
      page,
      'Aucune heure ne vous convient\u00a0? Inscrivez-vous sur la liste d’attente d’une date complète',
    ).click();
    const day = formatDate('fr', date);
    await button(page, `S’inscrire sur la liste d’attente du ${day}`).click();
    await page.getByText(`Pour le ${day} · Un rendez-vous de 15 minutes`).waitFor();
    await page.getByRole('textbox', { name: 'Courriel' }).fill('zoe@example.com');
    assert.ok(await page.getByRole('radio', { name: 'Français' }).isChecked());
    await button(page, 'S’inscrire sur la liste d’attente').click();
    await page.getByText(/^Vous êtes numéro 1 sur la liste\./).waitFor();

    const cancelled = await api(
      context,
      'DELETE',
      `/appointments/${await appointmentIdOf(context, code)}?notifyClient=false`,
    );
    assert.is(cancelled.status, 200, cancelled.text);
    const link = await offerLinkTo(context, 'zoe@example.com');
    assert.match(link, /^\/fr\/service\//);

    const offered = await openOffer(context, 'fr', link);
    await offered.getByText(/^Réservé pour vous jusqu’/).waitFor();
    assert.is(await offered.getByRole('textbox', { name: 'Courriel' }).inputValue(), 'zoe@example.com');
    assert.ok(await offered.getByText('9\u00a0h').first().isVisible(), 'the time held, in French');
    await fillAndSubmit(offered, 'fr', 'Prendre le rendez-vous');
    await heading(offered, 'Votre rendez-vous est confirmé');
    await lineBecomes(context, context.clinicId!, `date=${date}`, [['zoe@example.com', 'booked']]);
  },
);

test.run();
