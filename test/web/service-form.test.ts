import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { serviceBody } from '../../api/services/schemas';
import { defaultServiceFields } from '../../domain/services/service';
import { ServiceBookingTab } from '../../web/src/features/services/admin/ServiceBookingTab';
import {
  initialValues,
  problemsFromIssues,
  tabOf,
  toServiceBody,
  validateService,
  type ServiceFormValues,
} from '../../web/src/features/services/admin/serviceForm';
import type { Service } from '../../web/src/features/services/admin/types';
import { adminResources } from '../../web/src/i18n/adminTexts';

/** The service form's self-service section (issue 20 items 4 and 6): switch, cut-off and waitlist offer hours. */
const test = suite('web/services: the service form’s self-service settings');

const service: Service = {
  ...defaultServiceFields,
  title: 'Flu Clinic',
  titleFr: 'Clinique de grippe',
  description: 'Flu shots.',
  descriptionFr: 'Vaccins contre la grippe.',
  landingPage: '<p>Book</p>',
  landingPageFr: '<p>Réservez</p>',
  confirmationPage: '<p>Done</p>',
  confirmationPageFr: '<p>Fini</p>',
  calendarIds: [3],
  calendars: [{ id: 3, name: 'Cornwall', enabled: true, groupSession: false }],
  selfServiceEnabled: false,
  selfServiceCutoffHours: 6,
  waitlistOfferHours: 48,
  id: 7,
  createdAt: '2026-11-01T12:00:00.000Z',
  updatedAt: '2026-11-02T12:00:00.000Z',
};

type SelfService = Partial<Record<'selfServiceEnabled' | 'selfServiceCutoffHours' | 'waitlistOfferHours', unknown>>;
const selfService = (values: SelfService) => [
  values.selfServiceEnabled,
  values.selfServiceCutoffHours,
  values.waitlistOfferHours,
];

test('a saved service’s settings fill the form and go back unchanged, in a body the API accepts', () => {
  const values = initialValues(service);
  assert.equal(selfService(values), [false, '6', '48']);
  assert.equal(validateService(values), {});
  const body = toServiceBody(values);
  assert.equal(selfService(body), [false, 6, 48]);
  assert.equal(selfService(serviceBody.parse(body)), [false, 6, 48]);
  assert.equal(selfService(initialValues(undefined)), [true, '24', '12'], 'a new service starts with the defaults');
  const typed: ServiceFormValues = { ...values, selfServiceEnabled: true, selfServiceCutoffHours: ' 72 ' };
  assert.equal(selfService(toServiceBody(typed)), [true, 72, 48]);
});

test('hours out of bounds or not whole are refused on their field, on the booking steps tab', () => {
  const values = { ...initialValues(service), selfServiceEnabled: true };
  for (const cutoff of ['-1', '721', '2.5', '', 'soon'])
    assert.equal(validateService({ ...values, selfServiceCutoffHours: cutoff }), {
      selfServiceCutoffHours: 'cutoffRange',
    });
  for (const offer of ['0', '169', '1.5', ''])
    assert.equal(validateService({ ...values, waitlistOfferHours: offer }), { waitlistOfferHours: 'offerHoursRange' });
  assert.equal(validateService({ ...values, selfServiceCutoffHours: '0', waitlistOfferHours: '168' }), {});
  assert.equal(validateService({ ...values, selfServiceCutoffHours: '720', waitlistOfferHours: '1' }), {});
  // Self-service off: the cut-off field is disabled, so what it holds is not held against the form.
  const off = { ...values, selfServiceEnabled: false, selfServiceCutoffHours: '900' };
  assert.equal(validateService(off), {});
  assert.is(toServiceBody(off).selfServiceCutoffHours, defaultServiceFields.selfServiceCutoffHours);
  for (const field of ['selfServiceEnabled', 'selfServiceCutoffHours', 'waitlistOfferHours'] as const)
    assert.is(tabOf(field), 'booking', field);
});

test('the API’s 400 issues land on the self-service fields', () => {
  const issue = (field: string) => ({ path: [field], message: 'Too big', code: 'too_big' });
  assert.equal(
    problemsFromIssues('VALIDATION_FAILED', [
      issue('selfServiceCutoffHours'),
      issue('waitlistOfferHours'),
      issue('selfServiceEnabled'),
    ]),
    {
      selfServiceCutoffHours: 'cutoffRange',
      waitlistOfferHours: 'offerHoursRange',
      selfServiceEnabled: 'invalidField',
    },
  );
});

async function render(values: ServiceFormValues, language: 'en' | 'fr', problems: Record<string, string> = {}) {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    resources: { en: { translation: adminResources.en }, fr: { translation: adminResources.fr } },
    lng: language,
    interpolation: { escapeValue: false },
  });
  const t = instance.t as (key: string) => string;
  const message = (field: keyof ServiceFormValues) =>
    problems[field] ? t(`serviceForm.problems.${problems[field]}`) : undefined;
  return renderToStaticMarkup(
    createElement(
      I18nextProvider,
      { i18n: instance },
      createElement(ServiceBookingTab, { values, message, onChange: () => undefined }),
    ),
  );
}

/** The <input> whose label says `label`. */
function inputLabelled(html: string, label: string): string {
  const at = html.indexOf(label);
  assert.ok(at >= 0, `a field labelled ${label}`);
  const input = /<input[^>]*>/.exec(html.slice(at));
  assert.ok(input, `an input after ${label}`);
  return input[0];
}

test('the section shows in English and French; the cut-off is disabled while self-service is off', async () => {
  const on = await render({ ...initialValues(service), selfServiceEnabled: true }, 'en');
  assert.match(on, /<legend[^>]*>Self-service<\/legend>/);
  assert.match(on, /<input[^>]*checked=""[^>]*\/><span[^>]*><\/span>Clients may cancel or reschedule online/);
  const cutoff = inputLabelled(on, 'Until how many hours before the appointment');
  assert.match(cutoff, /value="6"/);
  assert.not.match(cutoff, /\sdisabled=/);
  assert.match(inputLabelled(on, 'A waitlist offer holds the place for (hours)'), /value="48"/);
  assert.match(on, /Hours, 0 to 720\./);

  const off = await render(initialValues(service), 'fr');
  assert.match(off, /<legend[^>]*>Libre-service<\/legend>/);
  assert.match(off, /<input[^>]*type="checkbox"\/><span[^>]*><\/span>Les clients peuvent annuler ou modifier/);
  assert.match(inputLabelled(off, 'Jusqu’à combien d’heures avant le rendez-vous'), /\sdisabled=""/);
  assert.match(inputLabelled(off, 'Une offre de la liste d’attente réserve la place pendant (heures)'), /value="48"/);
});

test('a refused value shows its message on its field', async () => {
  const html = await render({ ...initialValues(service), waitlistOfferHours: '169' }, 'en', {
    waitlistOfferHours: 'offerHoursRange',
  });
  assert.match(html, /Enter a whole number from 1 to 168\./);
  assert.match(inputLabelled(html, 'A waitlist offer holds the place for (hours)'), /aria-invalid="true"/);
});

test.run();
