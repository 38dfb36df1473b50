import type { Browser, BrowserContext, Locator, Page } from 'playwright';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { formatDate, formatTime } from '../../web/src/i18n/format';
import type { Language } from '../../web/src/i18n/languages';
import { startTestApp, type TestApp } from '../support/app';
import { accessibilityProblems } from '../support/axe';
import { browserLifecycle } from '../support/browser';
import { request } from '../support/http';
import { bearer, seedAdminToken } from '../support/identity';
import { createPublicService } from '../support/public-service';
import { touchTargetProblems } from '../support/touch-targets';

/**
 * Issue 14 ("The public pages on a phone"), items 8 to 14, on a 390 × 844 touch screen in English and in French: the
 * whole wizard (services, service, clinic, date, time, form, confirmation) with axe-core's WCAG 2.1 A/AA rules on
 * every step, 16 px field text and 44 px targets, French counts, the phone hint and error, service cards that open
 * on a tap anywhere, Next within reach under long lists, and a confirmation code that screen readers can reach.
 * The bot check is on, as for the public (its widget is part of what axe checks).
 */
interface Context {
  app?: TestApp;
  browser?: Browser;
  context?: BrowserContext;
}

const test = suite<Context>('e2e: public pages on a phone');
const timeout = 20_000;

const words = {
  en: {
    siteConsent: 'I consent to the collection of my personal health information.',
    serviceConsent: /I have read the information above/,
    next: 'Next',
    times: (count: number) => `${count} ${count === 1 ? 'time' : 'times'} available`,
    spotsLeft: (count: number) => `${count} ${count === 1 ? 'spot' : 'spots'} left`,
    form: 'Your information',
    firstName: 'First name',
    lastName: 'Last name',
    phone: 'Phone',
    phoneHint: '10 digits, for example 613-555-0123',
    phoneError: 'Enter a valid 10-digit phone number',
    requiredMessage: /Please fill all required fields/,
    reminder: 'Reminder',
    noReminder: 'No reminder',
    agreements: [
      'I confirm that the information I gave is accurate.',
      'I agree to be contacted by phone about this appointment.',
    ],
    book: 'Book the appointment',
    booked: 'Your appointment is booked',
    failed: 'The booking did not go through',
    chooseAgain: 'Choose a time again',
    restart: 'Restart',
  },
  fr: {
    siteConsent: 'Je consens à la collecte de mes renseignements personnels sur la santé.',
    serviceConsent: /J’ai lu les renseignements ci-dessus/,
    next: 'Suivant',
    // French takes the singular for 0 and 1
    times: (count: number) =>
      count <= 1 ? `${count} plage horaire disponible` : `${count} plages horaires disponibles`,
    spotsLeft: (count: number) => (count <= 1 ? `${count} place restante` : `${count} places restantes`),
    form: 'Vos renseignements',
    firstName: 'Prénom',
    lastName: 'Nom de famille',
    phone: 'Téléphone',
    phoneHint: '10 chiffres, par exemple 613-555-0123',
    phoneError: 'Entrez un numéro de téléphone valide à 10 chiffres',
    requiredMessage: /Veuillez remplir tous les champs obligatoires/,
    reminder: 'Rappel',
    noReminder: 'Aucun rappel',
    agreements: [
      'Je confirme que les renseignements fournis sont exacts.',
      'J’accepte d’être joint par téléphone au sujet de ce rendez-vous.',
    ],
    book: 'Prendre le rendez-vous',
    booked: 'Votre rendez-vous est confirmé',
    failed: 'La réservation n’a pas abouti',
    chooseAgain: 'Choisir une heure de nouveau',
    restart: 'Recommencer',
  },
} satisfies Record<Language, unknown>;

interface PublicService {
  id: number;
  title: string;
  description: string;
  calendars: { id: number; name: string; groupSession: boolean; lockTime: number }[];
}

const register = browserLifecycle(test, {
  start: async (context) => {
    context.app = await startTestApp({ botCheck: 'on' });
  },
  stop: async (context) => {
    await context.app?.stop();
  },
});

async function phonePage(context: Context): Promise<Page> {
  context.context = await context.browser!.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.context.newPage();
  page.setDefaultTimeout(timeout);
  page.on('pageerror', (error) => console.error('  page error:', error.message));
  return page;
}

async function publicService(
  context: Context,
  language: Language,
  isWanted: (service: PublicService) => boolean,
): Promise<PublicService> {
  const { items } = (await request(context.app!.baseUrl, 'GET', `/api/public/services?locale=${language}`)).json as {
    items: { id: number }[];
  };
  for (const { id } of items) {
    const service = (await request(context.app!.baseUrl, 'GET', `/api/public/services/${id}?locale=${language}`))
      .json as PublicService;
    if (isWanted(service)) return service;
  }
  throw new Error('no such public service');
}

type PublicDate = { date: string; timeslots: { time: string }[] };

async function clinicWithMostDates(context: Context, service: PublicService) {
  const clinics = await Promise.all(
    service.calendars
      .filter((calendar) => !calendar.groupSession)
      .map(async (clinic) => ({
        clinic,
        dates: (
          await request(
            context.app!.baseUrl,
            'GET',
            `/api/public/services/${service.id}/calendar/${clinic.id}/dates?duration=900`,
          )
        ).json.items as PublicDate[],
      })),
  );
  return clinics.reduce((most, candidate) => (candidate.dates.length > most.dates.length ? candidate : most));
}

/** axe-core (WCAG 2.1 A/AA) and the touch sizes of the page as it is now: every problem is printed, then fails. */
async function checkStep(page: Page, step: string) {
  // after the transitions (a dialog fading in has no contrast yet); endless ones (spinners) are not waited for
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const problems = [
    ...(await accessibilityProblems(page, { reviewAsFailure: ['aria-prohibited-attr'] })),
    ...(await touchTargetProblems(page)),
  ];
  if (problems.length > 0) console.error(`  ${step}:\n    ${problems.join('\n    ')}`);
  assert.equal(problems, [], `${step}: no accessibility or touch-size problem`);
}

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true }).first().waitFor();
const nextButton = (page: Page, language: Language) =>
  page.getByRole('button', { name: words[language].next, exact: true });
/** The radio card with a line of exactly this text ("2:45 p.m.", not "12:45 p.m."). */
const choiceCard = (page: Page, text: string) =>
  page
    .locator('.booking-choice')
    .filter({ has: page.getByText(text, { exact: true }) })
    .first();

/** A finger on the middle of what the locator shows, whatever element takes the touch there. */
async function tapTheMiddleOf(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

/** Fully on screen, and what a finger there would touch. */
async function withinReach(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const onTop = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return box.top >= 0 && box.bottom <= window.innerHeight && onTop !== null && element.contains(onTop);
  });
}

/** Item 12: after a choice (from a list longer than the screen), Next is enabled and within reach, and so is the choice. */
async function chooseAndReachNext(page: Page, language: Language, card: Locator, list: string) {
  await card.tap();
  await page.waitForFunction(
    (name) =>
      [...document.querySelectorAll('button')].some(
        (button) => button.textContent?.trim() === name && !button.disabled,
      ),
    words[language].next,
  );
  assert.ok(await withinReach(nextButton(page, language)), `${list}: Next is within reach after the choice`);
  assert.ok(await withinReach(card), `${list}: the choice stays on screen`);
}

/** Items 11 and 8-14 through the services list and the wizard, to the confirmation. */
async function bookOnAPhone(context: Context, language: Language) {
  const w = words[language];
  const service = await publicService(
    context,
    language,
    (candidate) => candidate.calendars.filter((calendar) => !calendar.groupSession).length >= 2,
  );
  // the clinic with the most dates: the longest lists (its name is the API's, in either language)
  const { clinic, dates } = await clinicWithMostDates(context, service);
  assert.ok(dates.length >= 10, `a long list of dates (${dates.length})`);
  const day = dates[1]!;
  const time = day.timeslots.at(-1)!.time;
  const page = await phonePage(context);

  await page.goto(`${context.app!.baseUrl}/${language}`);
  await page.getByLabel(w.siteConsent).waitFor({ state: 'attached' });
  await checkStep(page, `${language} landing`);
  await page.getByLabel(w.siteConsent).check({ force: true });
  await page.getByRole('button', { name: w.next, exact: true }).tap();

  // item 11: the card has one link, and a tap on its text opens the service
  await heading(page, service.title);
  await checkStep(page, `${language} services`);
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: service.title, exact: true }) });
  const link = card.getByRole('link', { name: service.title, exact: true });
  assert.is(await link.count(), 1, 'the card has one link, named after the service');
  assert.is(
    await card.locator('a[href], button, input, select, textarea, [tabindex]').count(),
    1,
    'and nothing else in it can be focused or pressed',
  );
  assert.ok(await link.evaluate((element) => element.tabIndex >= 0), 'the keyboard reaches it');
  await tapTheMiddleOf(page, card.getByText(service.description, { exact: true }));
  await page.waitForURL(new RegExp(`/${language}/service/${service.id}$`), { timeout: 5000 });

  await page.getByLabel(w.serviceConsent).waitFor({ state: 'attached' });
  await checkStep(page, `${language} service landing`);
  await page.getByLabel(w.serviceConsent).check({ force: true });
  await nextButton(page, language).tap();

  await choiceCard(page, clinic.name).waitFor();
  await checkStep(page, `${language} clinic`);
  await choiceCard(page, clinic.name).tap();
  await nextButton(page, language).tap();

  // item 8: the count of times of each date, in the words of the page's language
  const dateCard = choiceCard(page, formatDate(language, day.date));
  await dateCard.waitFor();
  assert.ok(
    await dateCard.getByText(w.times(day.timeslots.length), { exact: true }).isVisible(),
    `"${w.times(day.timeslots.length)}"`,
  );
  assert.is(await page.getByText(/\d+ heures? disponibles?/).count(), 0, 'never "21 heures disponibles" (9 p.m.)');
  await checkStep(page, `${language} date`);
  assert.ok(
    await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight * 1.5),
    'the dates are longer than the screen',
  );
  await chooseAndReachNext(page, language, dateCard, 'dates');
  await nextButton(page, language).tap();

  const timeCard = choiceCard(page, formatTime(language, time));
  await timeCard.waitFor();
  await checkStep(page, `${language} time`);
  await chooseAndReachNext(page, language, timeCard, 'times');
  await nextButton(page, language).tap();

  await heading(page, w.form);
  await checkStep(page, `${language} form`);
  await phoneHintThenError(page, language);
  await checkStep(page, `${language} form with a wrong phone`);
  await fillTheForm(page, language);
  await page.getByRole('button', { name: w.book, exact: true }).tap();

  // item 14: the code, spelled out for screen readers, without a label on a paragraph
  await heading(page, w.booked);
  const code = ((await page.locator('.booking-code').textContent()) ?? '').trim();
  assert.match(code, /^[A-Z0-9]{6,}$/);
  const spelled = code.split('').join(' ');
  assert.match(
    await page.locator('main').ariaSnapshot(),
    spelled,
    'screen readers reach the code one character at a time',
  );
  assert.is(await page.locator('main p[aria-label]').count(), 0, 'no aria-label on a paragraph');
  await checkStep(page, `${language} confirmation`);
}

/** Item 10: the phone's format as a plain hint at first; its error once a wrong number is left, before any try to book. */
async function phoneHintThenError(page: Page, language: Language) {
  const w = words[language];
  const phone = page.getByRole('textbox', { name: w.phone, exact: true });
  const group = page.locator('.bp6-form-group', { has: page.locator('#booking-phone') });
  const helper = page.locator('#booking-phone-helper');
  assert.is(await helper.textContent(), w.phoneHint, 'the hint gives the format');
  assert.is(await phone.getAttribute('aria-invalid'), null, 'an empty phone is not invalid yet');
  assert.not.match(
    (await group.getAttribute('class')) ?? '',
    'bp6-intent-danger',
    'the hint is not styled as an error',
  );

  await phone.fill('61355');
  await phone.blur();
  await helper.filter({ hasText: w.phoneError }).waitFor({ timeout: 5000 });
  assert.is(await phone.getAttribute('aria-invalid'), 'true');
  assert.match((await group.getAttribute('class')) ?? '', 'bp6-intent-danger', 'the error is styled as one');
  assert.is(await page.getByText(w.requiredMessage).count(), 0, 'nothing was sent: no summary of errors');
  assert.is(
    await page.getByRole('textbox', { name: w.firstName, exact: true }).getAttribute('aria-invalid'),
    null,
    'fields not filled yet are not marked',
  );

  await phone.fill('613 555 0123');
  await phone.blur();
  await helper.filter({ hasText: w.phoneHint }).waitFor({ timeout: 5000 });
  assert.is(await phone.inputValue(), '613-555-0123');
  assert.is(await phone.getAttribute('aria-invalid'), null, 'a corrected number is no longer marked');
}

async function fillTheForm(page: Page, language: Language) {
  const w = words[language];
  await page.getByRole('textbox', { name: w.firstName, exact: true }).fill('Camille');
  await page.getByRole('textbox', { name: w.lastName, exact: true }).fill('Lavoie');
  await page.getByRole('combobox', { name: w.reminder, exact: true }).selectOption({ label: w.noReminder });
  for (const agreement of w.agreements) await page.getByLabel(agreement).check({ force: true });
}

for (const language of ['en', 'fr'] as const) {
  register(
    `${language}: services, service, clinic, date, time, form and confirmation on a 390 × 844 touch screen`,
    async (context) => {
      await bookOnAPhone(context, language);
    },
  );
}

register(
  'other public steps on a phone, in both languages: a course’s sessions, a questionnaire and its ending, a page not found',
  async (context) => {
    const questionnaireServiceId = await serviceWithAQuestionnaire(context);
    for (const language of ['en', 'fr'] as const) {
      const w = words[language];
      const service = await publicService(context, language, (candidate) =>
        candidate.calendars.some((calendar) => calendar.groupSession),
      );
      const course = service.calendars.find((calendar) => calendar.groupSession)!;
      const sessions = (
        await request(
          context.app!.baseUrl,
          'GET',
          `/api/public/services/${service.id}/calendar/${course.id}/sessions?spots=1`,
        )
      ).json.items as { spots: number }[];
      const page = await phonePage(context);
      await page.goto(`${context.app!.baseUrl}/${language}`);
      await page.getByLabel(w.siteConsent).check({ force: true });
      await page.goto(`${context.app!.baseUrl}/${language}/service/${service.id}`);
      await nextButton(page, language).tap();
      await choiceCard(page, course.name).tap();
      await nextButton(page, language).tap();
      // item 8: the spots left, in the words of the page's language
      await page.getByText(w.spotsLeft(sessions[0]!.spots), { exact: true }).first().waitFor();
      await checkStep(page, `${language} sessions`);

      await page.goto(`${context.app!.baseUrl}/${language}/service/${questionnaireServiceId}`);
      await nextButton(page, language).tap();
      await page.getByRole('spinbutton').waitFor();
      await checkStep(page, `${language} questionnaire`);
      await page.getByRole('spinbutton').fill('5');
      await nextButton(page, language).tap();
      await heading(page, language === 'fr' ? 'Appelez-nous' : 'Please call us');
      await checkStep(page, `${language} questionnaire ending`);

      await page.goto(`${context.app!.baseUrl}/${language}/nowhere`);
      await heading(page, language === 'fr' ? 'Page introuvable' : 'Page not found');
      await checkStep(page, `${language} page not found`);
      await context.context?.close();
      context.context = undefined;
    }
  },
);

register('the error step and the Session Expired dialog on a phone, in both languages', async (context) => {
  for (const language of ['en', 'fr'] as const) {
    const w = words[language];
    const service = await publicService(
      context,
      language,
      (candidate) => candidate.calendars.filter((calendar) => !calendar.groupSession).length >= 2,
    );
    const { clinic, dates } = await clinicWithMostDates(context, service);
    const day = dates.at(-1)!;
    const page = await phonePage(context);
    await page.clock.install();
    // the booking is refused as if someone else had taken the time meanwhile
    await page.route('**/api/public/appointments', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'SLOT_UNAVAILABLE', detail: 'taken' }),
      }),
    );
    await page.goto(`${context.app!.baseUrl}/${language}`);
    await page.getByLabel(w.siteConsent).check({ force: true });
    await page.goto(`${context.app!.baseUrl}/${language}/service/${service.id}`);
    await page.getByLabel(w.serviceConsent).check({ force: true });
    await nextButton(page, language).tap();
    await choiceCard(page, clinic.name).tap();
    await nextButton(page, language).tap();
    await choiceCard(page, formatDate(language, day.date)).tap();
    await nextButton(page, language).tap();
    await choiceCard(page, formatTime(language, day.timeslots[0]!.time)).tap();
    await nextButton(page, language).tap();
    await heading(page, w.form);
    await page.getByRole('textbox', { name: w.phone, exact: true }).fill('613-555-0123');
    await fillTheForm(page, language);
    await page.getByRole('button', { name: w.book, exact: true }).tap();
    await heading(page, w.failed);
    await checkStep(page, `${language} error step`);

    await page.getByRole('button', { name: w.chooseAgain, exact: true }).tap();
    await choiceCard(page, formatTime(language, day.timeslots[1]!.time)).tap();
    await nextButton(page, language).tap();
    await heading(page, w.form);
    await page.clock.fastForward(clinic.lockTime * 1000 + 2000);
    await page.getByRole('dialog').getByRole('button', { name: w.restart, exact: true }).waitFor();
    await checkStep(page, `${language} Session Expired dialog`);
    await context.context?.close();
    context.context = undefined;
  }
});

/** A public service whose questionnaire asks one number and ends the booking with a message above 3. */
async function serviceWithAQuestionnaire(context: Context): Promise<number> {
  const staff = bearer(await seedAdminToken(context.app!));
  const calendarIds = [
    (
      (await request(context.app!.baseUrl, 'GET', '/api/calendars', undefined, staff)).json.items as { id: number }[]
    )[0]!.id,
  ];
  const bilingual = (en: string, fr: string) => ({ en, fr });
  const form = {
    questions: [
      {
        name: 'children',
        type: 'number',
        label: bilingual('How many children are you booking for?', 'Pour combien d’enfants prenez-vous rendez-vous ?'),
        rules: [
          {
            conditions: [{ questionName: 'children', operator: 'gt', questionValue: 3 }],
            actions: [{ type: 'gotoEnding', value: 'callUs' }],
            stop: true,
          },
        ],
      },
    ],
    endings: [
      {
        name: 'callUs',
        header: bilingual('Please call us', 'Appelez-nous'),
        body: bilingual(
          'For more than three children, call 613-555-0000.',
          'Pour plus de trois enfants, composez le 613-555-0000.',
        ),
      },
    ],
  };
  return createPublicService(context.app!.baseUrl, staff, calendarIds, {
    title: 'Family Immunization',
    titleFr: 'Vaccination familiale',
    form: JSON.stringify(form),
  });
}

test.run();
