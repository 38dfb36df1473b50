import type { Browser, BrowserContext, Page } from 'playwright';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../support/app';
import { browserLifecycle } from '../support/browser';
import { newPage, row, seeBanner, signInAs } from '../support/admin-browser';
import { request } from '../support/http';
import { bearer, createUser, seedAdminToken, STRONG_PASSWORD } from '../support/identity';

/**
 * §2.3 /admin/services and its form (/new, /{id}/edit) in Chromium against the whole app (demo seed, sign-in code
 * off): creating a service in both languages with a calendar, the §9 defaults, the §5 required fields, a
 * questionnaire problem shown at its question and rule, editing, deleting (§8 banners), a Calendar Administrator
 * kept out (§6), and the form in French. The demo services and calendars are assumed to exist.
 */
interface Context {
  app?: TestApp;
  browser?: Browser;
  context?: BrowserContext;
}

interface ApiService {
  id: number;
  title: string;
  titleFr: string;
  enabled: boolean;
  minDaysAhead: number;
  maxDaysAhead: number;
  defaultDuration: number;
  calendarIds: number[];
  calendars: { id: number; name: string }[];
  form: string;
  removePrintButton: boolean;
  selfServiceEnabled: boolean;
  selfServiceCutoffHours: number;
  waitlistOfferHours: number;
}

const test = suite<Context>('e2e: admin services');

const register = browserLifecycle(test, {
  start: async (context) => {
    context.app = await startTestApp();
  },
  stop: async (context) => {
    await context.app?.stop();
  },
});

async function services(context: Context): Promise<ApiService[]> {
  const answer = await request(
    context.app!.baseUrl,
    'GET',
    '/api/services',
    undefined,
    bearer(await seedAdminToken(context.app!)),
  );
  return answer.json.items as ApiService[];
}

const bilingual = (en: string, fr: string) => ({ en, fr });
const questionnaire = {
  questions: [
    {
      name: 'forWhom',
      type: 'radio',
      label: bilingual('For whom?', 'Pour qui ?'),
      options: [{ value: 'child', label: bilingual('A child', 'Un enfant') }],
    },
    { name: 'children', type: 'number', label: bilingual('How many children?', "Combien d'enfants ?") },
    {
      name: 'age',
      type: 'number',
      label: bilingual('Age of the youngest', 'Âge du plus jeune'),
      rules: [
        {
          conditions: [{ questionName: 'age', operator: 'lt', questionValue: 2 }],
          actions: [
            { type: 'setClientCount', value: 2 },
            { type: 'setDuration', value: 700 },
          ],
          stop: true,
        },
      ],
    },
  ],
  endings: [{ name: 'tooYoung', header: bilingual('Too young', 'Trop jeune') }],
};

const tab = (page: Page, name: string) => page.getByRole('tab', { name });

register(
  'a System Administrator creates a service in both languages with a calendar and a questionnaire',
  async (context) => {
    const { email, password } = context.app!.seedAdmin;
    const page = await newPage(context, { width: 1280, height: 900 });
    await signInAs(context, page, email, password, '/admin/services');
    await page.getByRole('heading', { level: 1, name: 'Services' }).waitFor();
    await row(page, 'Childhood Immunization Clinic').waitFor();
    assert.match(
      await row(page, 'Childhood Immunization Clinic').innerText(),
      /Cornwall Immunization Clinic/,
      'its calendars',
    );
    assert.match(await row(page, 'Travel Health Consultation').getByRole('cell').nth(0).innerText(), /No/, 'disabled');

    await page.getByRole('button', { name: 'Add New Service' }).click();
    await page.waitForURL('**/admin/services/new');
    await page.getByRole('heading', { level: 1, name: 'New service' }).waitFor();
    // §9 defaults.
    assert.is(await page.getByLabel(/^Minimum days ahead/).inputValue(), '1');
    assert.is(await page.getByLabel(/^Maximum days ahead/).inputValue(), '365');
    assert.is(await page.getByLabel(/^Default duration/).inputValue(), '900');
    assert.is(await page.getByLabel(/^Default spots/).inputValue(), '1');

    // §5: nothing is sent while required fields are empty; the first problem's tab is shown.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Please correct the fields marked in red.').waitFor();
    assert.is(await page.getByText('Enter the title.').count(), 2, 'English and French');
    await page.getByText('Choose at least one calendar.').waitFor();
    assert.is(page.url(), `${context.app!.baseUrl}/admin/services/new`);

    await page.getByLabel(/^Title \(English\)/).fill('Hearing Screening');
    await page.getByLabel(/^Title \(French\)/).fill('Dépistage auditif');
    await page.getByLabel(/^Description \(English\)/).fill('Hearing tests for toddlers.');
    await page.getByLabel(/^Description \(French\)/).fill('Tests auditifs pour les tout-petits.');
    await page.getByLabel(/^Default duration/).selectOption('1800');
    await page.getByLabel('Cornwall Immunization Clinic').check({ force: true });
    await page.getByText('1 calendar chosen').waitFor();

    await tab(page, 'Booking steps').click();
    assert.is(await page.getByLabel(/^Clinic step header \(English\)/).inputValue(), 'Select a clinic:');
    assert.is(await page.getByLabel(/^Date step header \(French\)/).inputValue(), 'Choisissez une date :');
    assert.is(await page.getByLabel(/^Time step header \(English\)/).inputValue(), 'Select a time:');
    await page.getByLabel('Remove the print button from the confirmation').check({ force: true });

    await tab(page, 'Pages and email').click();
    await page.getByLabel(/^Landing page \(English\)/).fill('<p>Book a hearing test.</p>');
    await page.getByLabel(/^Landing page \(French\)/).fill('<p>Réservez un test auditif.</p>');
    await page.getByLabel(/^Confirmation page \(English\)/).fill('<p>See you soon.</p>');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter the confirmation page.').waitFor();
    await page.getByLabel(/^Confirmation page \(French\)/).fill('<p>À bientôt.</p>');

    // The questionnaire: a wrong duration is shown at its question, rule and action, and nothing is sent.
    await tab(page, 'Questionnaire').click();
    await page.getByText('No questionnaire.').waitFor();
    await page.getByLabel(/^Questionnaire \(JSON\)/).fill(JSON.stringify(questionnaire, null, 2));
    const issues = page.locator('.service-questionnaire-issues li');
    await issues.first().waitFor();
    assert.is(await issues.count(), 1);
    assert.match(
      await issues.first().innerText(),
      /^Question 3 “age”, rule 1, action 2 \(value\): the duration must be one of these numbers of seconds: 300, 600/,
    );
    await page.getByText('1 problem in the questionnaire:').waitFor();
    // A button next to it selects the value in the text.
    await issues
      .first()
      .getByRole('button', { name: 'Show Question 3 “age”, rule 1, action 2 (value) in the text' })
      .click();
    const selected = await page.getByLabel(/^Questionnaire \(JSON\)/).evaluate((area) => {
      const text = area as HTMLTextAreaElement;
      return text.value.slice(text.selectionStart, text.selectionEnd);
    });
    assert.is(selected, '700');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The questionnaire has problems: see the list under it.').waitFor();
    assert.is(page.url(), `${context.app!.baseUrl}/admin/services/new`, 'nothing sent');
    // A reference to an ending that does not exist names it.
    await page
      .getByLabel(/^Questionnaire \(JSON\)/)
      .fill(
        JSON.stringify(questionnaire)
          .replace('"value":700', '"value":1800')
          .replace('"type":"setClientCount","value":2', '"type":"gotoEnding","value":"tooOld"'),
      );
    await page.getByText('there is no ending named “tooOld”', { exact: false }).waitFor();
    await page
      .getByLabel(/^Questionnaire \(JSON\)/)
      .fill(JSON.stringify(questionnaire).replace('"value":700', '"value":1800'));
    await page.getByText('The questionnaire is valid: 3 questions, 1 ending.').waitFor();
    await page.getByRole('button', { name: 'Format' }).click();
    assert.is(
      await page.getByLabel(/^Questionnaire \(JSON\)/).inputValue(),
      JSON.stringify(JSON.parse(JSON.stringify(questionnaire).replace('"value":700', '"value":1800')), null, 2),
    );

    await page.getByRole('button', { name: 'Save' }).click();
    await seeBanner(page, 'The service has been created.');
    await page.waitForURL(/\/admin\/services$/);
    await row(page, 'Hearing Screening').waitFor();

    const saved = (await services(context)).find((service) => service.title === 'Hearing Screening')!;
    assert.is(saved.titleFr, 'Dépistage auditif');
    assert.is(saved.defaultDuration, 1800);
    assert.is(saved.removePrintButton, true);
    assert.equal(
      saved.calendars.map((calendar) => calendar.name),
      ['Cornwall Immunization Clinic'],
    );
    assert.is(JSON.parse(saved.form).questions[2].rules[0].actions[1].value, 1800);
  },
);

register('a System Administrator edits a service’s booking window, then deletes it', async (context) => {
  const token = await seedAdminToken(context.app!);
  const calendars = (await request(context.app!.baseUrl, 'GET', '/api/calendars', undefined, bearer(token))).json
    .items as { id: number; name: string }[];
  const created = await request(
    context.app!.baseUrl,
    'POST',
    '/api/services',
    {
      title: 'Vision Clinic',
      titleFr: 'Clinique de la vue',
      description: 'Eye tests.',
      descriptionFr: 'Examens de la vue.',
      landingPage: '<p>Book</p>',
      landingPageFr: '<p>Réservez</p>',
      confirmationPage: '<p>Thanks</p>',
      confirmationPageFr: '<p>Merci</p>',
      calendarIds: [calendars[0]!.id],
    },
    bearer(token),
  );
  assert.is(created.status, 201);

  const { email, password } = context.app!.seedAdmin;
  const page = await newPage(context, { width: 1280, height: 900 });
  await signInAs(context, page, email, password, '/admin/services');
  await row(page, 'Vision Clinic').getByRole('button', { name: 'Edit Vision Clinic' }).click();
  await page.waitForURL(`**/admin/services/${created.json.id}/edit`);
  await page.getByRole('heading', { level: 1, name: 'Edit service' }).waitFor();
  assert.is(await page.getByLabel(/^Title \(French\)/).inputValue(), 'Clinique de la vue');
  assert.ok(await page.getByLabel(calendars[0]!.name).isChecked());

  await page.getByLabel(/^Minimum days ahead/).fill('40');
  await page.getByLabel(/^Maximum days ahead/).fill('30');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('The minimum cannot be more than the maximum days ahead.').waitFor();
  await page.getByLabel(/^Maximum days ahead/).fill('60');
  await page.getByLabel('Enabled', { exact: true }).check({ force: true });
  // Issue 20: self-service off (its cut-off field with it), and a waitlist offer held two days.
  await tab(page, 'Booking steps').click();
  const selfService = page.getByLabel('Clients may cancel or reschedule online');
  const cutoff = page.getByLabel(/^Until how many hours before the appointment/);
  const offerHours = page.getByLabel(/^A waitlist offer holds the place for \(hours\)/);
  assert.ok(await selfService.isChecked(), 'on by default');
  assert.equal([await cutoff.inputValue(), await offerHours.inputValue()], ['24', '12']);
  await cutoff.fill('6');
  await selfService.uncheck({ force: true });
  assert.ok(await cutoff.isDisabled(), 'the cut-off is off with self-service');
  await offerHours.fill('48');
  await page.getByRole('button', { name: 'Save' }).click();
  await seeBanner(page, 'The service has been saved.');
  await page.waitForURL(/\/admin\/services$/);
  assert.match(await row(page, 'Vision Clinic').getByRole('cell').nth(0).innerText(), /Yes/, 'enabled now');
  const saved = (await services(context)).find((service) => service.id === created.json.id)!;
  assert.equal([saved.minDaysAhead, saved.maxDaysAhead, saved.enabled], [40, 60, true]);
  assert.equal([saved.selfServiceEnabled, saved.selfServiceCutoffHours, saved.waitlistOfferHours], [false, 6, 48]);
  assert.is(
    (await request(context.app!.baseUrl, 'GET', `/api/public/services/${saved.id}`)).status,
    200,
    'the public sees it',
  );
  await page.goto(`${context.app!.baseUrl}/admin/services/${created.json.id}/edit`);
  await tab(page, 'Booking steps').click();
  assert.not.ok(await selfService.isChecked(), 'read back: off');
  assert.equal([await cutoff.inputValue(), await offerHours.inputValue()], ['6', '48']);
  assert.ok(await cutoff.isDisabled());
  await page.goto(`${context.app!.baseUrl}/admin/services`);

  await row(page, 'Vision Clinic').getByRole('button', { name: 'Delete Vision Clinic' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByText('Delete the service “Vision Clinic”?', { exact: false }).waitFor();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await seeBanner(page, 'The service has been deleted.');
  await row(page, 'Vision Clinic').waitFor({ state: 'detached' });
  assert.not.ok((await services(context)).some((service) => service.id === created.json.id));

  await page.goto(`${context.app!.baseUrl}/admin/services/${created.json.id}/edit`);
  await page.getByRole('button', { name: 'Back to services' }).waitFor();
});

register('a Calendar Administrator has no Services entry and is refused the screens', async (context) => {
  await createUser(context.app!.baseUrl, await seedAdminToken(context.app!), {
    email: 'cora.admin@example.com',
    firstName: 'Cora',
    lastName: 'Admin',
    roles: ['ROLE_ADMIN'],
    password: STRONG_PASSWORD,
  });
  const page = await newPage(context, { width: 1280, height: 900 });
  await signInAs(context, page, 'cora.admin@example.com', STRONG_PASSWORD, '/admin/categories');
  const menu = page.getByRole('navigation', { name: 'Staff menu' });
  await menu.getByRole('link', { name: 'Categories' }).waitFor();
  assert.is(await menu.getByRole('link', { name: 'Services' }).count(), 0);
  for (const path of ['/admin/services', '/admin/services/new', '/admin/services/1/edit']) {
    await page.goto(`${context.app!.baseUrl}${path}`);
    await page.getByText('Access denied').waitFor();
    assert.is(await page.getByRole('button', { name: 'Add New Service' }).count(), 0, path);
    assert.is(await page.getByLabel(/^Title \(English\)/).count(), 0, path);
  }
});

register(
  'in French on a phone: required fields, the example questionnaire and a JSON error, then created',
  async (context) => {
    const { email, password } = context.app!.seedAdmin;
    const page = await newPage(context, { width: 375, height: 812 }, 'fr');
    await signInAs(context, page, email, password, '/admin/services', 'fr');
    await page.getByRole('heading', { level: 1, name: 'Services' }).waitFor();
    await row(page, 'Clinique de vaccination des enfants').waitFor();
    await page.getByRole('button', { name: 'Ajouter un service' }).click();
    await page.waitForURL('**/admin/services/new');
    await page.getByRole('heading', { level: 1, name: 'Nouveau service' }).waitFor();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Veuillez corriger les champs indiqués en rouge.').waitFor();
    assert.is(await page.getByText('Entrez le titre.').count(), 2);
    await page.getByText('Choisissez au moins un calendrier.').waitFor();

    await page.getByLabel(/^Titre \(anglais\)/).fill('Speech Therapy');
    await page.getByLabel(/^Titre \(français\)/).fill('Orthophonie');
    await page.getByLabel(/^Description \(anglais\)/).fill('Speech and language.');
    await page.getByLabel(/^Description \(français\)/).fill('Parole et langage.');
    await page.getByLabel('Rockland Prenatal Classes').check({ force: true });
    await tab(page, 'Pages et courriel').click();
    await page.getByLabel(/^Page d’accueil \(anglais\)/).fill('<p>Book</p>');
    await page.getByLabel(/^Page d’accueil \(français\)/).fill('<p>Réservez</p>');
    await page.getByLabel(/^Page de confirmation \(anglais\)/).fill('<p>Thanks</p>');
    await page.getByLabel(/^Page de confirmation \(français\)/).fill('<p>Merci</p>');
    await tab(page, 'Étapes de réservation').click();
    assert.is(
      await page.getByLabel(/^En-tête de l’étape de la clinique \(français\)/).inputValue(),
      'Choisissez une clinique :',
    );

    await tab(page, 'Questionnaire').click();
    await page.getByRole('button', { name: 'Insérer un exemple' }).click();
    await page.getByText('Le questionnaire est valide : 2 questions, 2 fins.').waitFor();
    const text = page.getByLabel(/^Questionnaire \(JSON\)/);
    await text.fill((await text.inputValue()).replace('"value": 1800', '"value": 45'));
    const issue = page.locator('.service-questionnaire-issues li').first();
    await issue.waitFor();
    assert.match(
      await issue.innerText(),
      /^Question 2 « children », règle 1, action 2 \(value\)\s:\sla durée doit être l’un de ces nombres de secondes/,
    );
    await text.fill('{"questions": [');
    // The list showed the duration problem until now: wait for it to follow the new text.
    await page
      .locator('.service-questionnaire-issues li')
      .first()
      .filter({ hasText: /^Le questionnaire\s:\sn’est pas du JSON valide/ })
      .waitFor();
    await page.getByRole('button', { name: 'Mettre en forme' }).waitFor();
    assert.ok(
      await page.getByRole('button', { name: 'Mettre en forme' }).isDisabled(),
      'no formatting of text that is not JSON',
    );
    await text.fill('');
    await page.getByText('Aucun questionnaire.').waitFor();

    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await seeBanner(page, 'Le service a été créé.');
    await page.waitForURL(/\/admin\/services$/);
    await row(page, 'Orthophonie').waitFor();
    assert.is(await row(page, 'Speech Therapy').count(), 0, 'titled in French');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 375, `no sideways scrolling (${width}px)`);
  },
);

test.run();
