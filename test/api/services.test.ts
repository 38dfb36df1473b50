import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { demoServiceCalendars, demoServices } from '../../commands/seed/demo-services';
import { defaultServiceFields, serviceStream } from '../../domain/services/service';
import { startTestApp, type TestApp } from '../support/app';
import { newEvent } from '../support/events';
import { request } from '../support/http';
import { allEvents, bearer, caughtUp, createUser, signIn, STRONG_PASSWORD } from '../support/identity';

/** §7 services: GET/POST /api/services and GET/PUT/DELETE /api/services/{id}, System Administrators only, with §5 and §9. */
interface Context {
  app: TestApp;
  root: string;
  manager: string;
  calendars: { id: number; name: string; enabled: boolean; groupSession: boolean }[];
}

const test = suite<Context>('api: services');

const paths = (issues: { path: (string | number)[] }[] | undefined) =>
  (issues ?? []).map((issue) => issue.path.join('.'));

const body = (context: Context, changes: Record<string, unknown> = {}) => ({
  title: 'Dental Screening',
  titleFr: 'Dépistage dentaire',
  description: 'Free dental screening for children.',
  descriptionFr: 'Dépistage dentaire gratuit pour les enfants.',
  landingPage: '<p>Book a screening.</p>',
  landingPageFr: '<p>Réservez un dépistage.</p>',
  confirmationPage: '<p>See you soon.</p>',
  confirmationPageFr: '<p>À bientôt.</p>',
  calendarIds: [context.calendars[0]!.id],
  ...changes,
});

const questionnaire = {
  questions: [
    {
      name: 'forWhom',
      type: 'radio',
      label: { en: 'For whom?', fr: 'Pour qui ?' },
      options: [{ value: 'child', label: { en: 'A child', fr: 'Un enfant' } }],
    },
    { name: 'siblings', type: 'number', label: { en: 'How many children?', fr: "Combien d'enfants ?" } },
    {
      name: 'age',
      type: 'number',
      label: { en: 'Age of the youngest', fr: 'Âge du plus jeune' },
      rules: [
        {
          conditions: [{ questionName: 'age', operator: 'lt', questionValue: 2 }],
          actions: [
            { type: 'setClientCount', value: 2 },
            { type: 'setDuration', value: 1800 },
          ],
          stop: true,
        },
      ],
    },
  ],
  endings: [{ name: 'tooYoung', header: { en: 'Too young', fr: 'Trop jeune' }, allowContinue: false }],
};

test.before(async (context) => {
  context.app = await startTestApp();
  const { baseUrl, seedAdmin } = context.app;
  context.root = await signIn(baseUrl, seedAdmin.email, seedAdmin.password);
  await createUser(baseUrl, context.root, {
    email: 'services.manager@example.com',
    roles: ['ROLE_ADMIN'],
    password: STRONG_PASSWORD,
  });
  context.manager = await signIn(baseUrl, 'services.manager@example.com', STRONG_PASSWORD);
  context.calendars = (await request(baseUrl, 'GET', '/api/calendars', undefined, bearer(context.root))).json.items;
});
test.after(async (context) => {
  await context.app?.stop();
});

test('the list has every demo service, enabled or not, with its calendars by name', async (context) => {
  const answer = await request(context.app.baseUrl, 'GET', '/api/services', undefined, bearer(context.root));
  assert.is(answer.status, 200);
  const items = answer.json.items as {
    title: string;
    enabled: boolean;
    calendarIds: number[];
    calendars: { id: number; name: string }[];
  }[];
  assert.equal(items.map((item) => item.title).sort(), demoServices.map((service) => service.title).sort());
  assert.ok(
    items.some((item) => !item.enabled),
    'disabled services are listed too',
  );
  for (const item of items) {
    assert.equal(
      item.calendars.map((calendar) => calendar.name),
      demoServiceCalendars[item.title],
    );
    assert.equal(
      item.calendars.map((calendar) => calendar.id),
      item.calendarIds,
    );
  }
});

test('a Calendar Administrator may not read or change services', async (context) => {
  const { baseUrl } = context.app;
  const id = (await request(baseUrl, 'GET', '/api/services', undefined, bearer(context.root))).json.items[0].id;
  for (const [method, path, payload] of [
    ['GET', '/api/services', undefined],
    ['GET', `/api/services/${id}`, undefined],
    ['POST', '/api/services', body(context)],
    ['PUT', `/api/services/${id}`, body(context)],
    ['DELETE', `/api/services/${id}`, undefined],
  ] as const) {
    const answer = await request(baseUrl, method, path, payload, bearer(context.manager));
    assert.is(answer.status, 403, `${method} ${path}`);
    assert.is(answer.json.error, 'FORBIDDEN');
  }
});

test('a new service gets the §9 defaults, answers 201 with the record, and reads back the same', async (context) => {
  const { baseUrl } = context.app;
  const created = await request(baseUrl, 'POST', '/api/services', body(context), bearer(context.root));
  assert.is(created.status, 201, created.text);
  const service = created.json;
  assert.equal(
    [
      service.minDaysAhead,
      service.maxDaysAhead,
      service.defaultDuration,
      service.defaultSpots,
      service.enabled,
      service.isPublic,
      service.form,
    ],
    [1, 365, 900, 1, false, true, ''],
  );
  assert.equal(
    [service.calendarSelectionHeader, service.dateSelectionHeader, service.timeSelectionHeader],
    ['Select a clinic:', 'Select a date:', 'Select a time:'],
  );
  assert.equal(
    [service.calendarSelectionHeaderFr, service.dateSelectionHeaderFr, service.timeSelectionHeaderFr],
    ['Choisissez une clinique :', 'Choisissez une date :', 'Choisissez une heure :'],
  );
  const { id, name, enabled, groupSession } = context.calendars[0]!;
  assert.equal(service.calendars, [{ id, name, enabled, groupSession }], '§3 calendars: the chosen ones, named');
  const read = await request(baseUrl, 'GET', `/api/services/${service.id}`, undefined, bearer(context.root));
  assert.is(read.status, 200);
  assert.equal(read.json, service);
  // Disabled: not public yet.
  assert.is((await request(baseUrl, 'GET', `/api/public/services/${service.id}`)).status, 404);
});

test('§5: both languages, pages, headers and a calendar are required; each refusal names its field', async (context) => {
  const refused = async (changes: Record<string, unknown>, field: string, code = 'VALIDATION_FAILED') => {
    const answer = await request(
      context.app.baseUrl,
      'POST',
      '/api/services',
      body(context, changes),
      bearer(context.root),
    );
    assert.is(answer.status, 400, `${JSON.stringify(changes)}: ${answer.text}`);
    assert.is(answer.json.error, code);
    assert.ok(paths(answer.json.issues).includes(field), `${field} in ${answer.text}`);
  };
  await refused({ titleFr: '' }, 'titleFr');
  await refused({ descriptionFr: '   ' }, 'descriptionFr');
  await refused({ title: undefined }, 'title');
  await refused({ landingPageFr: '' }, 'landingPageFr');
  await refused({ confirmationPage: '' }, 'confirmationPage');
  await refused({ dateSelectionHeaderFr: '' }, 'dateSelectionHeaderFr');
  await refused({ calendarIds: [] }, 'calendarIds');
  await refused({ minDaysAhead: -1 }, 'minDaysAhead');
  await refused({ maxDaysAhead: 366 }, 'maxDaysAhead');
  await refused({ defaultSpots: 0 }, 'defaultSpots');
  await refused({ defaultSpots: 101 }, 'defaultSpots');
  await refused({ minDaysAhead: 30, maxDaysAhead: 7 }, 'minDaysAhead', 'INVALID_BOOKING_WINDOW');
  await refused({ defaultDuration: 700 }, 'defaultDuration', 'INVALID_DURATION');
  await refused({ calendarIds: [context.calendars[0]!.id, 999_999] }, 'calendarIds', 'UNKNOWN_CALENDAR');
  await refused({ enabled: 'yes' }, 'enabled');
  const unknown = await request(
    context.app.baseUrl,
    'POST',
    '/api/services',
    { ...body(context), colour: 'red' },
    bearer(context.root),
  );
  assert.is(unknown.status, 400);
});

test('a questionnaire is saved as written; its problems point at the question, rule and action', async (context) => {
  const { baseUrl } = context.app;
  const form = JSON.stringify(questionnaire, null, 2);
  const created = await request(
    baseUrl,
    'POST',
    '/api/services',
    body(context, { form, enabled: true }),
    bearer(context.root),
  );
  assert.is(created.status, 201, created.text);
  assert.is(created.json.form, form);
  const wizard = (await request(baseUrl, 'GET', `/api/public/services/${created.json.id}`)).json;
  assert.is(wizard.form, form, 'the wizard gets it');
  assert.equal(
    wizard.questionnaire.questions.map((question: { name: string }) => question.name),
    ['forWhom', 'siblings', 'age'],
    'parsed by the server',
  );
  assert.equal(wizard.questionnaire.questions[0].rules, [], 'with the defaults filled in');
  assert.equal(wizard.questionnaire.endings[0].body, { en: '', fr: '' });

  const broken = structuredClone(questionnaire);
  broken.questions[2]!.rules![0]!.actions[1]!.value = 700;
  const refused = await request(
    baseUrl,
    'POST',
    '/api/services',
    body(context, { form: JSON.stringify(broken) }),
    bearer(context.root),
  );
  assert.is(refused.status, 400);
  assert.is(refused.json.error, 'VALIDATION_FAILED');
  assert.equal(refused.json.issues[0].path, ['form', 'questions', 2, 'rules', 0, 'actions', 1, 'value']);
  assert.match(
    refused.json.issues[0].message,
    /^Question 3 “age”, rule 1, action 2 \(value\): the duration must be one of/,
  );

  const unknownEnding = structuredClone(questionnaire);
  unknownEnding.questions[1] = {
    ...unknownEnding.questions[1]!,
    rules: [{ conditions: [], actions: [{ type: 'gotoEnding', value: 'tooOld' }], stop: false }],
  } as never;
  const reference = await request(
    baseUrl,
    'POST',
    '/api/services',
    body(context, { form: JSON.stringify(unknownEnding) }),
    bearer(context.root),
  );
  assert.equal(reference.json.issues[0].path, ['form', 'questions', 1, 'rules', 0, 'actions', 0, 'value']);
  assert.match(reference.json.issues[0].message, /Question 2 “siblings”.*there is no ending named “tooOld”/);

  const notJson = await request(
    baseUrl,
    'POST',
    '/api/services',
    body(context, { form: '{"questions": [' }),
    bearer(context.root),
  );
  assert.equal(paths(notJson.json.issues), ['form']);
  for (const none of ['[]', '{}']) {
    const empty = await request(baseUrl, 'POST', '/api/services', body(context, { form: none }), bearer(context.root));
    assert.is(empty.status, 201, none);
    assert.is(empty.json.form, '', 'kept as no questionnaire');
  }
});

test('an update changes the service (and what the public sees); an unknown id is 404', async (context) => {
  const { baseUrl } = context.app;
  const created = (
    await request(
      baseUrl,
      'POST',
      '/api/services',
      body(context, { title: 'Hearing Clinic', enabled: true }),
      bearer(context.root),
    )
  ).json;
  const calendarIds = context.calendars
    .slice(0, 2)
    .map((calendar) => calendar.id)
    .reverse();
  const updated = await request(
    baseUrl,
    'PUT',
    `/api/services/${created.id}`,
    body(context, {
      title: 'Hearing Screening',
      enabled: true,
      minDaysAhead: 0,
      maxDaysAhead: 60,
      defaultDuration: 1800,
      defaultSpots: 3,
      calendarIds,
      removePrintButton: true,
      consentRequired: true,
    }),
    bearer(context.root),
  );
  assert.is(updated.status, 200, updated.text);
  assert.equal(
    [
      updated.json.title,
      updated.json.minDaysAhead,
      updated.json.maxDaysAhead,
      updated.json.defaultDuration,
      updated.json.defaultSpots,
      updated.json.removePrintButton,
    ],
    ['Hearing Screening', 0, 60, 1800, 3, true],
  );
  assert.equal(
    updated.json.calendars.map((calendar: { id: number }) => calendar.id),
    calendarIds,
    'in the order chosen',
  );
  assert.ok(updated.json.updatedAt >= created.updatedAt);
  const seen = await request(baseUrl, 'GET', `/api/public/services/${created.id}`);
  assert.equal(
    [seen.json.title, seen.json.removePrintButton, seen.json.fields.consentRequired],
    ['Hearing Screening', true, true],
  );

  const missing = await request(baseUrl, 'PUT', '/api/services/999999', body(context), bearer(context.root));
  assert.is(missing.status, 404);
  assert.is(missing.json.error, 'SERVICE_NOT_FOUND');
  assert.is((await request(baseUrl, 'GET', '/api/services/999999', undefined, bearer(context.root))).status, 404);
  assert.is((await request(baseUrl, 'GET', '/api/services/abc', undefined, bearer(context.root))).status, 400);
});

test('a delete answers 200 JSON, removes the service everywhere and is in the audit trail', async (context) => {
  const { baseUrl } = context.app;
  const created = (
    await request(
      baseUrl,
      'POST',
      '/api/services',
      body(context, { title: 'Vision Clinic', enabled: true }),
      bearer(context.root),
    )
  ).json;
  const deleted = await request(baseUrl, 'DELETE', `/api/services/${created.id}`, undefined, bearer(context.root));
  assert.is(deleted.status, 200);
  assert.equal(deleted.json, { deleted: true });
  assert.is(
    (await request(baseUrl, 'GET', `/api/services/${created.id}`, undefined, bearer(context.root))).status,
    404,
  );
  assert.is((await request(baseUrl, 'GET', `/api/public/services/${created.id}`)).status, 404);
  const list = (await request(baseUrl, 'GET', '/api/services', undefined, bearer(context.root))).json.items;
  assert.not.ok(list.some((item: { id: number }) => item.id === created.id));
  const again = await request(baseUrl, 'DELETE', `/api/services/${created.id}`, undefined, bearer(context.root));
  assert.is(again.status, 404);
  assert.is(again.json.error, 'SERVICE_NOT_FOUND');
  assert.is(
    (await request(baseUrl, 'PUT', `/api/services/${created.id}`, body(context), bearer(context.root))).status,
    404,
  );

  const events = (await allEvents(context.app.server.store)).filter(
    (event) => event.streamId === `service-${created.id}`,
  );
  assert.equal(
    events.map((event) => event.type),
    ['ServiceCreated', 'ServiceDeleted'],
  );
  assert.is((events[1]!.metadata.actor as { role: string }).role, 'ROLE_ROOT');
});

const selfService = (service: Record<string, unknown>) => [
  service.selfServiceEnabled,
  service.selfServiceCutoffHours,
  service.waitlistOfferHours,
];

test('issue 20: a new service lets clients change their booking until 24 hours before; offers hold 12 hours', async (context) => {
  const created = await request(context.app.baseUrl, 'POST', '/api/services', body(context), bearer(context.root));
  assert.is(created.status, 201, created.text);
  assert.equal(selfService(created.json), [true, 24, 12]);
});

test('issue 20: the self-service settings are saved and read back, on creation and on update', async (context) => {
  const { baseUrl } = context.app;
  const settings = { selfServiceEnabled: false, selfServiceCutoffHours: 0, waitlistOfferHours: 168 };
  const created = await request(baseUrl, 'POST', '/api/services', body(context, settings), bearer(context.root));
  assert.is(created.status, 201, created.text);
  const id = created.json.id;
  const read = async () => (await request(baseUrl, 'GET', `/api/services/${id}`, undefined, bearer(context.root))).json;
  assert.equal(selfService(await read()), [false, 0, 168]);
  const changes = { selfServiceEnabled: true, selfServiceCutoffHours: 720, waitlistOfferHours: 1 };
  const updated = await request(
    baseUrl,
    'PUT',
    `/api/services/${id}`,
    { ...(await read()), ...changes },
    bearer(context.root),
  );
  assert.is(updated.status, 200, updated.text);
  assert.equal(selfService(await read()), [true, 720, 1]);
});

test('issue 20: a cut-off or an offer time out of bounds, or not a whole number, is a 400 naming the field', async (context) => {
  for (const [changes, field] of [
    [{ selfServiceCutoffHours: -1 }, 'selfServiceCutoffHours'],
    [{ selfServiceCutoffHours: 721 }, 'selfServiceCutoffHours'],
    [{ selfServiceCutoffHours: 2.5 }, 'selfServiceCutoffHours'],
    [{ selfServiceCutoffHours: '24' }, 'selfServiceCutoffHours'],
    [{ waitlistOfferHours: 0 }, 'waitlistOfferHours'],
    [{ waitlistOfferHours: 169 }, 'waitlistOfferHours'],
    [{ waitlistOfferHours: 'twelve' }, 'waitlistOfferHours'],
    [{ selfServiceEnabled: 'no' }, 'selfServiceEnabled'],
  ] as const) {
    const answer = await request(
      context.app.baseUrl,
      'POST',
      '/api/services',
      body(context, changes),
      bearer(context.root),
    );
    assert.is(answer.status, 400, `${JSON.stringify(changes)}: ${answer.text}`);
    assert.is(answer.json.error, 'VALIDATION_FAILED');
    assert.equal(paths(answer.json.issues), [field], JSON.stringify(changes));
  }
});

test('issue 20: a service created before self-service (ServiceCreated version 1) reads with the defaults', async (context) => {
  const { baseUrl, server } = context.app;
  const serviceId = 990_001;
  const {
    selfServiceEnabled: _enabled,
    selfServiceCutoffHours: _cutoff,
    waitlistOfferHours: _offer,
    ...before
  } = { ...defaultServiceFields, ...body(context), enabled: true };
  const created = newEvent('ServiceCreated', {
    serviceId,
    fields: before,
    createdAt: '2026-01-05T15:00:00.000Z',
  });
  await server.store.append(serviceStream(serviceId), 'no_stream', [created]);
  await caughtUp(context.app);
  const read = await request(baseUrl, 'GET', `/api/services/${serviceId}`, undefined, bearer(context.root));
  assert.is(read.status, 200, read.text);
  assert.is(read.json.title, 'Dental Screening');
  assert.equal(selfService(read.json), [true, 24, 12]);
  const row = await server.database.knex('services').where({ id: serviceId }).first();
  assert.equal(selfService(row.service), [true, 24, 12], 'the projector was given the upcast event');
  // Its stream still decides: an update of one setting keeps the others' defaults.
  const updated = await request(
    baseUrl,
    'PUT',
    `/api/services/${serviceId}`,
    { ...read.json, waitlistOfferHours: 48 },
    bearer(context.root),
  );
  assert.is(updated.status, 200, updated.text);
  assert.equal(selfService(updated.json), [true, 24, 48]);
});

test.run();
