import type { Browser, BrowserContext, Page } from 'playwright';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { formatDate, formatTime } from '../../web/src/i18n/format';
import type { Language } from '../../web/src/i18n/languages';
import { startTestApp, type TestApp } from '../support/app';
import { solvedBotCheck } from '../support/bot-check';
import { browserLifecycle } from '../support/browser';
import { request } from '../support/http';
import { bearer, mailsTo, seedAdminToken } from '../support/identity';
import { parseMail, partOfType } from '../support/mail-message';
import { startSmtpCapture } from '../support/smtp-capture';

/**
 * The public booking wizard (issue 5 item 5, §2.1, §4.1, §5) in a phone-sized Chromium against the whole app with the
 * demo seed: book in English and in French, answer a questionnaire, register for a group session, let a lock expire.
 * The bot check is on, as for the public: each booking solves its proof of work in the page. Mail goes to a real
 * SMTP capture.
 */
interface Context {
  app?: TestApp;
  smtp?: Awaited<ReturnType<typeof startSmtpCapture>>;
  root?: string;
  browser?: Browser;
  context?: BrowserContext;
}

const test = suite<Context>('e2e: public booking wizard');
const timeout = 15_000;
const siteConsent = {
  en: 'I consent to the collection of my personal health information.',
  fr: 'Je consens à la collecte de mes renseignements personnels sur la santé.',
};

interface PublicCalendar {
  id: number;
  name: string;
  lockTime: number;
  groupSession: boolean;
}
interface PublicService {
  id: number;
  title: string;
  defaultSpots: number;
  calendars: PublicCalendar[];
}
interface PublicDate {
  date: string;
  timeslots: { id: number; time: string }[];
}

const register = browserLifecycle(test, {
  start: async (context) => {
    context.smtp = await startSmtpCapture();
    // The real bot check: every booking below solves the proof of work in the page.
    context.app = await startTestApp({ botCheck: 'on', smtpUrl: context.smtp.url });
    context.root = await seedAdminToken(context.app);
  },
  stop: async (context) => {
    await context.app?.stop();
    await context.smtp?.stop();
  },
});

async function newPage(context: Context, setup?: (page: Page) => Promise<void>): Promise<Page> {
  context.context = await context.browser!.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.context.newPage();
  page.setDefaultTimeout(timeout);
  page.on('pageerror', (error) => console.error('  page error:', error.message));
  await setup?.(page);
  return page;
}

const api = (context: Context, method: string, path: string, body?: unknown) =>
  request(context.app!.baseUrl, method, `/api${path}`, body, bearer(context.root!));

async function publicService(context: Context, title: string, locale: Language = 'en'): Promise<PublicService> {
  const list = await request(context.app!.baseUrl, 'GET', `/api/public/services?locale=${locale}`);
  const summary = (list.json.items as { id: number; title: string }[]).find((item) => item.title === title);
  assert.ok(summary, `the service ${title} is offered`);
  return (await request(context.app!.baseUrl, 'GET', `/api/public/services/${summary.id}?locale=${locale}`))
    .json as PublicService;
}

async function publicDates(
  context: Context,
  serviceId: number,
  calendarId: number,
  duration: number,
): Promise<PublicDate[]> {
  const answer = await request(
    context.app!.baseUrl,
    'GET',
    `/api/public/services/${serviceId}/calendar/${calendarId}/dates?duration=${duration}`,
  );
  assert.is(answer.status, 200, answer.text);
  return answer.json.items as PublicDate[];
}

/** The label of a slot as staff see it (GET the date's timeslots as root). */
async function slotLabel(
  context: Context,
  calendarId: number,
  date: string,
  laneId: number,
  time: string,
): Promise<string | undefined> {
  const answer = await api(context, 'GET', `/calendars/${calendarId}/dates/${date}?timeslots=1`);
  assert.is(answer.status, 200, answer.text);
  const lane = (answer.json.lanes as { id: number; timeslots: { time: string; label: string }[] }[]).find(
    (candidate) => candidate.id === laneId,
  );
  return lane?.timeslots.find((slot) => slot.time === time)?.label;
}

/** The slot's label once it is `expected` (a release or booking the page started may still be on its way), else the last seen. */
async function slotLabelBecomes(
  context: Context,
  calendarId: number,
  date: string,
  laneId: number,
  time: string,
  expected: string,
): Promise<string | undefined> {
  let label: string | undefined;
  for (let attempt = 0; attempt < 50; attempt++) {
    label = await slotLabel(context, calendarId, date, laneId, time);
    if (label === expected) return label;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return label;
}

/** A text field by its accessible name (the `*` of a required field is hidden from it). */
const field = (page: Page, name: string, index = 0) => page.getByRole('textbox', { name, exact: true }).nth(index);
const reminderSelect = (page: Page, name = 'Reminder') => page.getByRole('combobox', { name, exact: true });

async function heading(page: Page, name: string | RegExp) {
  await page
    .getByRole('heading', { name, ...(typeof name === 'string' ? { exact: true } : {}) })
    .first()
    .waitFor({ state: 'visible' });
}

/** Blueprint draws its checkbox and radio over the native input, which takes the click through its label: force it. */
async function tick(page: Page, label: string | RegExp) {
  await page.getByLabel(label).first().check({ force: true });
}

async function choose(page: Page, name: string | RegExp) {
  await page
    .getByRole('radio', { name, ...(typeof name === 'string' ? { exact: false } : {}) })
    .first()
    .check({ force: true });
}

const nextButton = (page: Page, name = 'Next') => page.getByRole('button', { name, exact: true });

/** The focused element is the step's heading (keyboard users start at the new step). */
async function focusedHeading(page: Page): Promise<string> {
  await page.waitForFunction(() => document.activeElement?.tagName === 'H2');
  return page.evaluate(() => document.activeElement?.textContent ?? '');
}

/** Whether the button of that text is inside the viewport (runs in the page). */
function isNextInViewport(name: string): boolean {
  const button = [...document.querySelectorAll('button')].find((candidate) => candidate.textContent?.trim() === name);
  const box = button?.getBoundingClientRect();
  return box !== undefined && box.top >= 0 && box.bottom <= window.innerHeight;
}

const inViewport = (page: Page, name: string) => page.evaluate(isNextInViewport, name);

async function noHorizontalScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  assert.ok(widths.scroll <= widths.client, `no horizontal scrolling at 375 px (${widths.scroll} > ${widths.client})`);
}

/** Site-wide consent (the landing page), then the service's own page. */
async function openService(page: Page, context: Context, language: Language, serviceId: number) {
  await page.goto(`${context.app!.baseUrl}/${language}`);
  await tick(page, siteConsent[language]);
  await page.goto(`${context.app!.baseUrl}/${language}/service/${serviceId}`);
}

interface ContactDetails {
  firstName: string;
  lastName: string;
  phone: string;
  reminder: string;
}

/** In English, from the service's first page through the consent, a clinic, a date and a time, to the form. */
async function walkToTheForm(
  page: Page,
  context: Context,
  serviceId: number,
  clinic: string,
  date: string,
  time: string,
): Promise<void> {
  await openService(page, context, 'en', serviceId);
  await tick(page, /I have read the information above/);
  await nextButton(page).click();
  await choose(page, clinic);
  await nextButton(page).click();
  await choose(page, formatDate('en', date));
  await nextButton(page).click();
  await choose(page, formatTime('en', time));
  await nextButton(page).click();
  await heading(page, 'Your information');
}

register(
  'book an appointment in English: steps, validation, lock released on Back, confirmation, printable page',
  async (context) => {
    const service = await publicService(context, 'Childhood Immunization Clinic');
    const calendar = service.calendars.find((candidate) => candidate.name === 'Cornwall Immunization Clinic')!;
    const dates = await publicDates(context, service.id, calendar.id, 900);
    const day = dates[0]!;
    const slot = day.timeslots[0]!;
    const page = await newPage(context);
    await openService(page, context, 'en', service.id);

    await page.getByRole('heading', { level: 1, name: service.title }).waitFor();
    await heading(page, 'About this service');
    // the landing text shows once DOMPurify (loaded on demand) has cleaned it
    await page.getByText('Book a vaccination appointment for your child').waitFor();
    // icons draw from the app's own path chunks (the build checks only a name's form, web/vite.config.ts)
    await page.locator('.bp6-icon-arrow-left svg path').first().waitFor({ state: 'attached' });
    await nextButton(page).click();
    await page.getByText('You must consent before you continue.').waitFor();
    await tick(page, /I have read the information above/);
    await nextButton(page).click();

    await heading(page, 'Select a clinic:');
    assert.is(await focusedHeading(page), 'Select a clinic:', 'the focus moves to the step heading');
    assert.ok(await nextButton(page).isDisabled(), 'Next waits for a choice');
    await page.getByText('Hawkesbury Immunization Clinic').waitFor();
    await choose(page, calendar.name);
    assert.ok(await nextButton(page).isEnabled());
    await nextButton(page).click();

    await heading(page, 'Select a date:');
    await page.getByRole('radio', { name: formatDate('en', day.date) }).waitFor({ state: 'attached' });
    await noHorizontalScroll(page);
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight),
      'the dates are longer than the screen',
    );
    assert.ok(await inViewport(page, 'Next'), 'Back and Next stay at the bottom of the screen under a long list');
    await choose(page, formatDate('en', day.date));
    await page.waitForFunction(() =>
      [...document.querySelectorAll('button')].some(
        (button) => button.textContent?.trim() === 'Next' && !button.disabled,
      ),
    );
    await page.waitForFunction(isNextInViewport, 'Next', { timeout: 5000 });
    await nextButton(page).click();

    await heading(page, 'Select a time:');
    const timeLabel = formatTime('en', slot.time);
    assert.match(timeLabel, /^\d{1,2}:\d{2}\u00a0[ap]\.m\.$/);
    await page.getByText('Select an available time slot.').waitFor();
    await choose(page, timeLabel);
    assert.is(await page.getByText('Select an available time slot.').count(), 0, 'the hint goes once a time is chosen');
    await nextButton(page).click();

    await heading(page, 'Your information');
    await page.getByText(/Time Left: 0[45]:\d\d/).waitFor();
    assert.is(
      await slotLabel(context, calendar.id, day.date, slot.id, slot.time),
      'Locked',
      'entering the form locks the slot',
    );

    // Back releases the lock: the same time can be held again at once
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await heading(page, 'Select a time:');
    assert.is(
      await slotLabelBecomes(context, calendar.id, day.date, slot.id, slot.time, 'Available'),
      'Available',
      'Back released the lock',
    );
    await choose(page, timeLabel);
    await nextButton(page).click();
    await heading(page, 'Your information');
    await noHorizontalScroll(page);

    // a failed submit: the required-fields message and per-field messages
    await page.getByRole('button', { name: 'Book the appointment' }).click();
    await page
      .getByText('Please fill all required fields below (fields marked by an * are mandatory and must be completed).')
      .waitFor();
    assert.is(await field(page, 'First name').getAttribute('aria-invalid'), 'true');
    assert.is(await field(page, 'Phone').getAttribute('aria-invalid'), 'true');
    assert.ok((await page.getByText('This field is required.').count()) >= 3);
    assert.ok(
      await page.getByText('You must agree to continue.').first().isVisible(),
      'the consents of a service that requires them',
    );

    await field(page, 'First name').fill('Avery');
    await field(page, 'Last name').fill('Tremblay');
    await field(page, 'Phone').fill('61355');
    await page.getByRole('button', { name: 'Book the appointment' }).click();
    assert.is(await field(page, 'Phone').getAttribute('aria-invalid'), 'true', 'a short phone number is refused');
    assert.is(
      await field(page, 'First name').getAttribute('aria-invalid'),
      null,
      'a field once filled is no longer marked',
    );

    await field(page, 'Phone').fill('(613) 555 0123');
    await field(page, 'Phone').blur();
    // Shown as XXX-XXX-XXXX once the field is left (the render may come a moment after the blur).
    await page.waitForFunction(
      () => document.querySelector<HTMLInputElement>('#booking-phone')?.value === '613-555-0123',
      undefined,
      { timeout: 5000 },
    );
    const reminder = reminderSelect(page);
    const offered = await reminder.locator('option').allTextContents();
    assert.equal(offered, [
      'Choose…',
      'No reminder',
      'Text message to my phone',
      'Text message to my other phone',
      'Text message to another number',
    ]);
    await tick(page, 'Do not call this number');
    assert.not.ok(
      (await reminder.locator('option').allTextContents()).includes('Text message to my phone'),
      'do-not-call removes the reminders to that phone',
    );
    await page.getByLabel('Do not call this number').uncheck({ force: true });
    await reminder.selectOption({ label: 'Text message to another number' });
    await page.getByRole('button', { name: 'Book the appointment' }).click();
    assert.is(
      await field(page, 'Number for the text message reminder').getAttribute('aria-invalid'),
      'true',
      'reminder 6 needs its phone',
    );
    await reminder.selectOption({ label: 'Text message to my phone' });
    await field(page, 'Email').fill('avery.tremblay@example.com');
    await tick(page, 'I confirm that the information I gave is accurate.');
    await tick(page, 'I agree to be contacted by phone about this appointment.');
    await page.getByRole('button', { name: 'Book the appointment' }).click();

    await heading(page, 'Your appointment is booked');
    const code = (await page.locator('.booking-code').textContent())?.trim() ?? '';
    assert.match(code, /^[A-Z0-9-]{6,}$/, `a confirmation code (${code})`);
    assert.ok(
      await page.getByText('Please bring your child’s immunization record.').isVisible(),
      'the confirmation page',
    );
    assert.ok(await page.getByText('Avery Tremblay').isVisible());
    assert.ok(await page.getByText(formatDate('en', day.date)).isVisible());
    assert.ok(await page.getByRole('button', { name: 'Print' }).isVisible(), 'a Print button');
    assert.is(await slotLabel(context, calendar.id, day.date, slot.id, slot.time), 'Booked', 'the appointment exists');

    const deadline = Date.now() + timeout;
    while (mailsTo(context.smtp!.messages, 'avery.tremblay@example.com').length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const [mail] = mailsTo(context.smtp!.messages, 'avery.tremblay@example.com');
    assert.ok(mail, 'the confirmation e-mail arrives');
    const parsed = parseMail(mail.raw);
    assert.ok(partOfType(parsed, 'text/plain')?.body.includes(code), 'with the confirmation code');
    assert.match(
      partOfType(parsed, 'text/calendar')?.body ?? '',
      /TZID=America\/Toronto/,
      'and the .ics in the unit’s time zone',
    );

    await page.emulateMedia({ media: 'print' });
    assert.not.ok(await page.locator('.app-header').isVisible(), 'the header is not printed');
    assert.not.ok(await page.getByRole('button', { name: 'Print' }).isVisible(), 'nor the buttons');
    assert.ok(await page.locator('.booking-code').isVisible(), 'the code is');
  },
);

register('in French: times like 14 h 30, French messages, a lock refused, then booked', async (context) => {
  const service = await publicService(context, 'Clinique de vaccination des enfants', 'fr');
  const calendar = service.calendars.find((candidate) => candidate.name === 'Clinique de vaccination de Hawkesbury')!;
  const day = (await publicDates(context, service.id, calendar.id, 900))[0]!;
  const [taken, slot] = [day.timeslots[0]!, day.timeslots[1]!];
  const page = await newPage(context);
  await openService(page, context, 'fr', service.id);

  await heading(page, 'À propos de ce service');
  await tick(page, /J’ai lu les renseignements ci-dessus/);
  await nextButton(page, 'Suivant').click();
  await heading(page, 'Choisissez une clinique :');
  await choose(page, calendar.name);
  await nextButton(page, 'Suivant').click();
  await heading(page, 'Choisissez une date :');
  await choose(page, formatDate('fr', day.date));
  await nextButton(page, 'Suivant').click();
  await heading(page, 'Choisissez une heure :');
  const labels = await page.locator('.booking-choice-label').allTextContents();
  assert.ok(
    labels.length > 0 && labels.every((label) => /^\d{1,2}\u00a0h(\u00a0\d{2})?$/.test(label)),
    `French times: ${labels.join(', ')}`,
  );

  // someone else holds this time meanwhile: the lock is refused and the times are fresh
  const other = await request(context.app!.baseUrl, 'POST', '/api/public/locks', {
    calendarDateLaneId: taken.id,
    startTime: taken.time,
    endTime: addMinutes(taken.time, 15),
    serviceId: service.id,
    botCheck: await solvedBotCheck(context.app!.baseUrl),
  });
  assert.is(other.status, 201, other.text);
  await choose(page, formatTime('fr', taken.time));
  await nextButton(page, 'Suivant').click();
  await page.getByText('La plage horaire n’est pas disponible pour le moment.').waitFor();
  await heading(page, 'Choisissez une heure :');
  assert.ok(await nextButton(page, 'Suivant').isDisabled(), 'the refused time is no longer chosen');
  await page.getByText('Choisissez une plage horaire disponible.').waitFor();

  await choose(page, formatTime('fr', slot.time));
  await nextButton(page, 'Suivant').click();
  await heading(page, 'Vos renseignements');
  await page.getByText(/Temps restant : 0[45]:\d\d/).waitFor();
  await page.getByRole('button', { name: 'Prendre le rendez-vous' }).click();
  await page
    .getByText(
      'Veuillez remplir tous les champs obligatoires ci-dessous (les champs marqués d’un * sont obligatoires et doivent être remplis).',
    )
    .waitFor();
  await fillContact(page, 'fr', {
    firstName: 'Léa',
    lastName: 'Gagnon',
    phone: '613-555-0199',
    reminder: 'Aucun rappel',
  });
  assert.is(
    await page.getByRole('radio', { name: 'Français' }).isChecked(),
    true,
    'the preferred language defaults to the page’s',
  );
  await tick(page, 'Je confirme que les renseignements fournis sont exacts.');
  await tick(page, 'J’accepte d’être joint par téléphone au sujet de ce rendez-vous.');
  await page.getByRole('button', { name: 'Prendre le rendez-vous' }).click();

  await heading(page, 'Votre rendez-vous est confirmé');
  assert.ok(await page.getByText('Code de confirmation').first().isVisible());
  assert.ok(await page.getByText(formatTime('fr', slot.time)).first().isVisible(), 'the time in the summary');
  assert.ok(await page.getByRole('button', { name: 'Imprimer' }).isVisible());
  assert.is(await slotLabel(context, calendar.id, day.date, slot.id, slot.time), 'Booked');
});

async function fillContact(
  page: Page,
  language: Language,
  { firstName, lastName, phone, reminder }: ContactDetails,
  client = 0,
) {
  const [first, last, phoneLabel, reminderLabel] =
    language === 'fr'
      ? ['Prénom', 'Nom de famille', 'Téléphone', 'Rappel']
      : ['First name', 'Last name', 'Phone', 'Reminder'];
  await field(page, first, client).fill(firstName);
  await field(page, last, client).fill(lastName);
  if (client > 0) return;
  await field(page, phoneLabel).fill(phone);
  await reminderSelect(page, reminderLabel).selectOption({ label: reminder });
}

function addMinutes(time: string, minutes: number): string {
  const [hours, mins] = time.split(':').map(Number);
  const total = hours! * 60 + mins! + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}:00`;
}

register(
  'a questionnaire: an ending that stops, Back, an ending that continues with two clients and 30 minutes',
  async (context) => {
    const cornwall = (await publicService(context, 'Childhood Immunization Clinic')).calendars.find(
      (candidate) => candidate.name === 'Cornwall Immunization Clinic',
    )!;
    const bilingual = (en: string, fr: string) => ({ en, fr });
    const form = {
      questions: [
        {
          name: 'children',
          type: 'number',
          label: bilingual(
            'How many children are you booking for?',
            'Pour combien d’enfants prenez-vous rendez-vous ?',
          ),
          rules: [
            {
              conditions: [{ questionName: 'children', operator: 'gt', questionValue: 3 }],
              actions: [{ type: 'gotoEnding', value: 'callUs' }],
              stop: true,
            },
            {
              conditions: [{ questionName: 'children', operator: 'eq', questionValue: 2 }],
              actions: [
                { type: 'setClientCount', value: 2 },
                { type: 'setDuration', value: 1800 },
                { type: 'gotoEnding', value: 'siblings' },
              ],
              stop: true,
            },
          ],
        },
        {
          name: 'reason',
          type: 'select',
          label: bilingual('Reason', 'Raison'),
          options: [{ value: 'routine', label: bilingual('Routine', 'Routine') }],
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
        {
          name: 'siblings',
          header: bilingual('Siblings visit', 'Visite de la fratrie'),
          body: bilingual('We book 30 minutes for two children.', 'Nous réservons 30 minutes pour deux enfants.'),
          allowContinue: true,
        },
      ],
    };
    const created = await api(context, 'POST', '/services', {
      title: 'Sibling Immunization',
      titleFr: 'Vaccination de la fratrie',
      description: 'Vaccines for brothers and sisters together.',
      descriptionFr: 'Vaccins pour les frères et sœurs ensemble.',
      enabled: true,
      isPublic: true,
      landingPage: '<p>Bring all your children at once.</p>',
      landingPageFr: '<p>Amenez tous vos enfants en même temps.</p>',
      confirmationPage: '<p>See you soon.</p>',
      confirmationPageFr: '<p>À bientôt.</p>',
      form: JSON.stringify(form),
      calendarIds: [cornwall.id],
      removePhoneAlt: true,
      removePreferredLanguage: true,
      removePrintButton: true,
    });
    assert.is(created.status, 201, created.text);
    const serviceId = created.json.id as number;
    const day = (await publicDates(context, serviceId, cornwall.id, 1800))[0]!;
    const slot = day.timeslots[0]!;

    const page = await newPage(context);
    await openService(page, context, 'en', serviceId);
    await heading(page, 'About this service');
    await nextButton(page).click();

    await heading(page, 'A few questions');
    await nextButton(page).click();
    await page.getByText('Please answer this question.').waitFor();
    await page.getByLabel('How many children are you booking for?').fill('5');
    await nextButton(page).click();
    await heading(page, 'Please call us');
    assert.ok(await page.getByText('For more than three children, call 613-555-0000.').isVisible());
    assert.is(await nextButton(page).count(), 0, 'an ending that does not allow it ends the wizard');

    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await heading(page, 'A few questions');
    assert.is(
      await page.getByLabel('How many children are you booking for?').inputValue(),
      '5',
      'the earlier answer is kept',
    );
    await page.getByLabel('How many children are you booking for?').fill('2');
    await page.keyboard.press('Enter');
    await heading(page, 'Siblings visit');
    await nextButton(page).click();

    await heading(page, 'Select a clinic:');
    await choose(page, cornwall.name);
    await nextButton(page).click();
    await heading(page, 'Select a date:');
    await choose(page, formatDate('en', day.date));
    await nextButton(page).click();
    await heading(page, 'Select a time:');
    await choose(page, formatTime('en', slot.time));
    await nextButton(page).click();

    await heading(page, 'Your information');
    assert.ok(await page.getByRole('heading', { name: 'Client 2' }).isVisible(), 'the questionnaire set two clients');
    assert.is(await field(page, 'Other phone').count(), 0, 'the service removed the other phone');
    assert.is(await page.getByRole('radio', { name: 'Français' }).count(), 0, 'and the preferred language');
    assert.not.ok(
      (await reminderSelect(page).locator('option').allTextContents()).includes('Text message to my other phone'),
    );
    await fillContact(page, 'en', { firstName: 'Noah', lastName: 'Roy', phone: '6135550111', reminder: 'No reminder' });
    await fillContact(page, 'en', { firstName: 'Emma', lastName: 'Roy', phone: '', reminder: '' }, 1);
    await page.getByRole('button', { name: 'Book the appointment' }).click();

    await heading(page, 'Your appointment is booked');
    assert.ok(await page.getByText('Noah Roy, Emma Roy').isVisible(), 'both clients in the summary');
    assert.is(await page.getByRole('button', { name: 'Print' }).count(), 0, 'the service removed the print button');
    assert.is(await slotLabel(context, cornwall.id, day.date, slot.id, slot.time), 'Booked');
    assert.is(
      await slotLabel(context, cornwall.id, day.date, slot.id, addMinutes(slot.time, 15)),
      'Booked',
      'the 30 minutes of setDuration are booked',
    );
  },
);

register(
  'register for a group session: sessions with their dates and spots, a locked session, registration',
  async (context) => {
    const service = await publicService(context, 'Prenatal Classes');
    const calendar = service.calendars.find((candidate) => candidate.groupSession)!;
    const sessions = (
      await request(
        context.app!.baseUrl,
        'GET',
        `/api/public/services/${service.id}/calendar/${calendar.id}/sessions?spots=${service.defaultSpots}`,
      )
    ).json.items as {
      id: number;
      time: string;
      endTime: string;
      spots: number;
      sessionDates: { date: string }[];
    }[];
    const session = sessions[0]!;
    assert.ok(session.sessionDates.length >= 6);
    // someone else holds all but one of the spots left: the session is locked for two
    const held = await request(context.app!.baseUrl, 'POST', '/api/public/locks', {
      calendarDateLaneId: session.id,
      startTime: session.time,
      endTime: session.endTime,
      spots: session.spots - 1,
      serviceId: service.id,
      botCheck: await solvedBotCheck(context.app!.baseUrl),
    });
    assert.is(held.status, 201, held.text);

    const page = await newPage(context);
    await openService(page, context, 'en', service.id);
    await heading(page, 'About this service');
    await nextButton(page).click();
    await heading(page, 'Select a clinic:');
    await choose(page, calendar.name);
    await nextButton(page).click();

    await heading(page, 'Select a session:');
    await page
      .getByText('Another person is currently registering for this session. Please try again in 15 minutes.')
      .waitFor();
    assert.ok(await page.getByRole('radio').first().isDisabled(), 'a locked session cannot be chosen');
    assert.ok(await nextButton(page).isDisabled());

    const released = await request(context.app!.baseUrl, 'DELETE', `/api/public/locks/${held.json.token as string}`);
    assert.is(released.status, 200);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await heading(page, 'Select a clinic:');
    await nextButton(page).click();
    await heading(page, 'Select a session:');
    await page.getByText(`${session.spots} spots left`).waitFor();
    for (const date of session.sessionDates)
      assert.ok(await page.getByText(formatDate('en', date.date)).first().isVisible(), `session date ${date.date}`);
    await page.getByRole('radio').first().check({ force: true });
    await nextButton(page).click();

    await heading(page, 'Your information');
    await fillContact(page, 'en', {
      firstName: 'Maya',
      lastName: 'Singh',
      phone: '613-555-0142',
      reminder: 'No reminder',
    });
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await heading(page, 'You are registered');
    assert.match((await page.locator('.booking-code').textContent()) ?? '', /\S{6,}/);

    const series = (await api(context, 'GET', `/calendars/${calendar.id}/group-session-series`)).json.items as {
      spotsAvailable: number;
      registrationCount: number;
      spots: number;
    }[];
    assert.is(
      series[0]!.spotsAvailable,
      session.spots - service.defaultSpots,
      `the registration took the service's ${service.defaultSpots} spots`,
    );
  },
);

register(
  'a lock that expires: Time Left runs out, Session Expired, Restart back to the landing step',
  async (context) => {
    const service = await publicService(context, 'Childhood Immunization Clinic');
    const calendar = service.calendars.find((candidate) => candidate.name === 'Cornwall Immunization Clinic')!;
    const day = (await publicDates(context, service.id, calendar.id, 900)).at(-1)!;
    const slot = day.timeslots.at(-1)!;
    const page = await newPage(context, (p) => p.clock.install());
    await walkToTheForm(page, context, service.id, calendar.name, day.date, slot.time);
    const minutes = Math.floor(calendar.lockTime / 60);
    await page
      .getByText(
        new RegExp(`Time Left: (${String(minutes).padStart(2, '0')}:00|${String(minutes - 1).padStart(2, '0')}:59)`),
      )
      .waitFor();
    assert.is(await slotLabel(context, calendar.id, day.date, slot.id, slot.time), 'Locked');

    await page.clock.fastForward(60_000);
    await page.getByText(new RegExp(`Time Left: ${String(minutes - 1).padStart(2, '0')}:[0-5]\\d`)).waitFor();
    await page.clock.fastForward(calendar.lockTime * 1000);
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Session Expired').waitFor();
    assert.ok(await dialog.getByText('Your session has expired. Click restart to book a new appointment.').isVisible());
    await dialog.getByRole('button', { name: 'Restart' }).click();

    await heading(page, 'About this service');
    assert.is(await page.getByRole('dialog').count(), 0);
    assert.is(
      await slotLabelBecomes(context, calendar.id, day.date, slot.id, slot.time, 'Available'),
      'Available',
      'Restart released the lock',
    );
  },
);

register('with the keyboard alone: choose, Next and Back', async (context) => {
  const service = await publicService(context, 'Prenatal Classes');
  const page = await newPage(context);
  await openService(page, context, 'en', service.id);
  await heading(page, 'About this service');
  await nextButton(page).focus();
  await page.keyboard.press('Enter');
  assert.is(await focusedHeading(page), 'Select a clinic:');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  assert.ok(await page.getByRole('radio').first().isChecked(), 'Space chooses the focused calendar');
  await page.keyboard.press('Tab'); // Back
  await page.keyboard.press('Tab'); // Next
  await page.keyboard.press('Enter');
  assert.is(await focusedHeading(page), 'Select a session:');
  await page.getByRole('button', { name: 'Back', exact: true }).focus();
  await page.keyboard.press('Enter');
  assert.is(await focusedHeading(page), 'Select a clinic:');
});

register('a booking refused at submit goes to the error step, whose way back offers fresh times', async (context) => {
  const service = await publicService(context, 'Childhood Immunization Clinic');
  // one lane: a time taken is gone from the choices
  const calendar = service.calendars.find((candidate) => candidate.name === 'Hawkesbury Immunization Clinic')!;
  const day = (await publicDates(context, service.id, calendar.id, 900)).at(-1)!;
  const slot = day.timeslots[0]!;
  const page = await newPage(context);
  await walkToTheForm(page, context, service.id, calendar.name, day.date, slot.time);

  // staff unlock the slot (§4.2) and someone else takes it while the form is filled
  const dateAnswer = await api(context, 'GET', `/calendars/${calendar.id}/dates/${day.date}?timeslots=1`);
  const token = (dateAnswer.json.lanes as { id: number; timeslots: { time: string; token: string | null }[] }[])
    .find((lane) => lane.id === slot.id)!
    .timeslots.find((entry) => entry.time === slot.time)!.token;
  assert.ok(token, 'staff see the lock token of the slot');
  assert.is((await request(context.app!.baseUrl, 'DELETE', `/api/public/locks/${token}`)).status, 200);
  const other = await request(context.app!.baseUrl, 'POST', '/api/public/locks', {
    calendarDateLaneId: slot.id,
    startTime: slot.time,
    endTime: addMinutes(slot.time, 15),
    serviceId: service.id,
    botCheck: await solvedBotCheck(context.app!.baseUrl),
  });
  assert.is(other.status, 201, other.text);

  await fillContact(page, 'en', { firstName: 'Sam', lastName: 'Lee', phone: '613-555-0177', reminder: 'No reminder' });
  await tick(page, 'I confirm that the information I gave is accurate.');
  await tick(page, 'I agree to be contacted by phone about this appointment.');
  await page.getByRole('button', { name: 'Book the appointment' }).click();
  await heading(page, 'The booking did not go through');
  await page.getByRole('alert').getByText('An error occurred. Please try again').waitFor();
  assert.ok(
    await page
      .getByRole('alert')
      .getByText(/time slot is currently unavailable|hold on this time slot has ended/)
      .isVisible(),
    'the reason',
  );
  await page.getByRole('button', { name: 'Choose a time again' }).click();
  await heading(page, 'Select a time:');
  await page.getByRole('radio').first().waitFor();
  assert.is(
    await page.getByRole('radio', { name: formatTime('en', slot.time), exact: true }).count(),
    0,
    'the taken time is no longer offered',
  );
});

register(
  'a lock answered without a token (a proxy page): The server did not return a valid token.',
  async (context) => {
    const service = await publicService(context, 'Childhood Immunization Clinic');
    const calendar = service.calendars.find((candidate) => candidate.name === 'Hawkesbury Immunization Clinic')!;
    const day = (await publicDates(context, service.id, calendar.id, 900)).at(-1)!;
    const slot = day.timeslots[0]!;
    const page = await newPage(context, async (setup) => {
      await setup.route('**/api/public/locks', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({ status: 200, contentType: 'text/html', body: '<html>Sign in to the network</html>' })
          : route.continue(),
      );
    });
    await openService(page, context, 'en', service.id);
    await tick(page, /I have read the information above/);
    await nextButton(page).click();
    await choose(page, calendar.name);
    await nextButton(page).click();
    await choose(page, formatDate('en', day.date));
    await nextButton(page).click();
    await choose(page, formatTime('en', slot.time));
    await nextButton(page).click();
    await page.getByText('The server did not return a valid token.').waitFor();
    await heading(page, 'Select a time:');
  },
);

register('a landing page whose cleaner failed to download shows once a later try succeeds', async (context) => {
  const service = await publicService(context, 'Childhood Immunization Clinic');
  let refused = 0;
  const page = await newPage(context, async (setup) => {
    await setup.route(/\/assets\/purify\.es-[\w-]+\.js$/, async (route) => {
      if (refused < 2) {
        refused += 1; // the service page's early load and the landing step's first try
        return route.abort('internetdisconnected');
      }
      return route.continue();
    });
  });
  await openService(page, context, 'en', service.id);
  await heading(page, 'About this service');
  await page.getByText('Book a vaccination appointment for your child').waitFor();
  assert.ok(refused >= 1, 'the download of DOMPurify failed at least once');
});

register('the consent shows with the landing text it agrees to, not before it', async (context) => {
  const service = await publicService(context, 'Childhood Immunization Clinic');
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const page = await newPage(context, async (setup) => {
    await setup.route(/\/assets\/purify\.es-[\w-]+\.js$/, async (route) => {
      await released; // the cleaner's download held back, as on a slow phone
      return route.continue();
    });
  });
  await openService(page, context, 'en', service.id);
  await heading(page, 'About this service');
  const consent = page.getByLabel(/I have read the information above/);
  assert.is(await consent.count(), 0, 'no consent while the text it refers to is not shown');
  release();
  await page.getByText('Book a vaccination appointment for your child').waitFor();
  await consent.first().waitFor();
  await tick(page, /I have read the information above/);
  assert.ok(await consent.first().isChecked());
});

register('a booking window without dates: There are no dates available.', async (context) => {
  const cornwall = (await publicService(context, 'Childhood Immunization Clinic')).calendars.find(
    (candidate) => candidate.name === 'Cornwall Immunization Clinic',
  )!;
  const created = await api(context, 'POST', '/services', {
    title: 'Same-day Clinic',
    titleFr: 'Clinique du jour même',
    description: 'Walk in today.',
    descriptionFr: 'Sans rendez-vous aujourd’hui.',
    enabled: true,
    isPublic: true,
    minDaysAhead: 0,
    maxDaysAhead: 0,
    landingPage: '<p>Today only.</p>',
    landingPageFr: '<p>Aujourd’hui seulement.</p>',
    confirmationPage: '<p>Thanks.</p>',
    confirmationPageFr: '<p>Merci.</p>',
    calendarIds: [cornwall.id],
  });
  assert.is(created.status, 201, created.text);
  const page = await newPage(context);
  await openService(page, context, 'fr', created.json.id as number);
  await nextButton(page, 'Suivant').click();
  await choose(page, 'Clinique de vaccination de Cornwall');
  await nextButton(page, 'Suivant').click();
  await page.getByText('Il n’y a aucune date disponible.').waitFor();
  await page.getByRole('link', { name: 'English' }).click();
  await page.getByText('There are no dates available.').waitFor();
  assert.ok(await nextButton(page).isDisabled());
});

register(
  'an answer lost after the booking was made: the wizard sends the same request again and shows that booking',
  async (context) => {
    const service = await publicService(context, 'Childhood Immunization Clinic');
    const calendar = service.calendars.find((candidate) => candidate.name === 'Cornwall Immunization Clinic')!;
    const day = (await publicDates(context, service.id, calendar.id, 900))[0]!;
    const slot = day.timeslots.at(-1)!;
    const keys: string[] = [];
    let lostCode: string | undefined;
    const page = await newPage(context, async (page) => {
      await page.route('**/api/public/appointments', async (route) => {
        keys.push(route.request().headers()['idempotency-key'] ?? '');
        if (lostCode !== undefined) return route.continue();
        // The server books and answers, but the connection drops before the answer reaches the page.
        lostCode = ((await (await route.fetch()).json()) as { confirmationCode: string }).confirmationCode;
        await route.abort('connectionreset');
      });
    });
    await walkToTheForm(page, context, service.id, calendar.name, day.date, slot.time);
    await fillContact(page, 'en', {
      firstName: 'Rowan',
      lastName: 'Bisson',
      phone: '613-555-0177',
      reminder: 'No reminder',
    });
    await tick(page, 'I confirm that the information I gave is accurate.');
    await tick(page, 'I agree to be contacted by phone about this appointment.');
    await page.getByRole('button', { name: 'Book the appointment' }).click();

    await heading(page, 'Your appointment is booked');
    assert.is(
      (await page.locator('.booking-code').textContent())?.trim().replace(/-/g, ''),
      lostCode,
      'the code of the booking whose answer was lost',
    );
    assert.is(keys.length, 2, 'sent again once');
    assert.match(keys[0]!, /^[A-Za-z0-9_-]{8,100}$/);
    assert.is(keys[1], keys[0], 'with the same Idempotency-Key');
    assert.is(await slotLabel(context, calendar.id, day.date, slot.id, slot.time), 'Booked');
  },
);

test.run();
