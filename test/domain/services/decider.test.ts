import { suite } from 'uvu';
import { serviceDecider } from '../../../domain/services/decider';
import type { ServiceEvent } from '../../../domain/services/events';
import { defaultServiceFields, type ServiceFields } from '../../../domain/services/service';
import { scenario } from '../../support/given-when-then';

const now = '2026-11-22T15:00:00.000Z';
const later = '2026-11-23T09:30:00.000Z';
const fields: ServiceFields = {
  ...defaultServiceFields,
  title: 'Flu Clinic',
  titleFr: 'Clinique de grippe',
  description: 'Flu shots',
  descriptionFr: 'Vaccins',
  landingPage: '<p>Book</p>',
  landingPageFr: '<p>Réservez</p>',
  confirmationPage: '<p>Thanks</p>',
  confirmationPageFr: '<p>Merci</p>',
  calendarIds: [4, 7],
};
const questionnaire = JSON.stringify({
  questions: [
    {
      name: 'age',
      type: 'number',
      label: { en: 'How old is the client?', fr: 'Quel âge a le client ?' },
      rules: [
        {
          conditions: [{ questionName: 'age', operator: 'lt', questionValue: 1 }],
          actions: [{ type: 'gotoEnding', value: 'tooYoung' }],
          stop: true,
        },
      ],
    },
  ],
  endings: [{ name: 'tooYoung', header: { en: 'Too young', fr: 'Trop jeune' } }],
});
const created: ServiceEvent = { type: 'ServiceCreated', data: { serviceId: 3, fields, createdAt: now } };
const deleted: ServiceEvent = { type: 'ServiceDeleted', data: { serviceId: 3, deletedAt: later } };
const { given } = scenario(serviceDecider);
const create = (changes: Partial<ServiceFields> = {}) => ({
  type: 'CreateService' as const,
  data: { serviceId: 3, fields: { ...fields, ...changes }, now },
});
const update = (changes: Partial<ServiceFields> = {}) => ({
  type: 'UpdateService' as const,
  data: { serviceId: 3, fields: { ...fields, ...changes }, now: later },
});

const absent = suite('services decider: no service yet');
absent('CreateService records the service with its fields', () => {
  given().when(create()).then(created);
});
absent('CreateService keeps texts trimmed, each calendar once, and an empty questionnaire as none', () => {
  given()
    .when(create({ title: '  Flu Clinic ', calendarIds: [4, 7, 4], form: ' [] ' }))
    .then(created);
});
absent('a valid questionnaire is kept as it was written', () => {
  given()
    .when(create({ form: questionnaire }))
    .then({
      type: 'ServiceCreated',
      data: { serviceId: 3, fields: { ...fields, form: questionnaire }, createdAt: now },
    });
});
for (const field of ['title', 'titleFr', 'description', 'descriptionFr'] as const) {
  absent(`a service without ${field} is refused: titles and descriptions are required in both languages`, () => {
    given()
      .when(create({ [field]: '  ' }))
      .thenRefused('VALIDATION_FAILED');
  });
}
absent('a booking window that closes before it opens is refused', () => {
  given()
    .when(create({ minDaysAhead: 30, maxDaysAhead: 7 }))
    .thenRefused('INVALID_BOOKING_WINDOW');
});
absent('days ahead outside 0 to 365, or not whole, are refused', () => {
  given()
    .when(create({ minDaysAhead: -1 }))
    .thenRefused('VALIDATION_FAILED');
  given()
    .when(create({ maxDaysAhead: 366 }))
    .thenRefused('VALIDATION_FAILED');
  given()
    .when(create({ minDaysAhead: 1.5 }))
    .thenRefused('VALIDATION_FAILED');
});
absent('the same day (0) to a year ahead (365) is a valid window', () => {
  given()
    .when(create({ minDaysAhead: 0, maxDaysAhead: 365 }))
    .then({ type: 'ServiceCreated', data: { serviceId: 3, fields: { ...fields, minDaysAhead: 0 }, createdAt: now } });
});
absent('a default duration outside the offered durations is refused', () => {
  given()
    .when(create({ defaultDuration: 700 }))
    .thenRefused('INVALID_DURATION');
});
absent('default spots outside 1 to 100 are refused', () => {
  given()
    .when(create({ defaultSpots: 0 }))
    .thenRefused('VALIDATION_FAILED');
  given()
    .when(create({ defaultSpots: 101 }))
    .thenRefused('VALIDATION_FAILED');
});
absent('a questionnaire that is not valid is refused', () => {
  given()
    .when(create({ form: '{"questions": [' }))
    .thenRefused('INVALID_QUESTIONNAIRE');
  given()
    .when(create({ form: questionnaire.replace('"value":"tooYoung"', '"value":"tooOld"') }))
    .thenRefused('INVALID_QUESTIONNAIRE');
});
absent('UpdateService is refused: there is nothing to update', () => {
  given().when(update()).thenRefused('SERVICE_NOT_FOUND');
});
absent('DeleteService is refused: there is nothing to delete', () => {
  given()
    .when({ type: 'DeleteService', data: { serviceId: 3, now } })
    .thenRefused('SERVICE_NOT_FOUND');
});
absent.run();

const active = suite('services decider: existing service');
active('CreateService again is refused', () => {
  given(created).when(create()).thenRefused('SERVICE_ALREADY_EXISTS');
});
active('UpdateService records only the fields that changed', () => {
  given(created)
    .when(update({ enabled: true, titleFr: 'Clinique antigrippale', calendarIds: [7] }))
    .then({
      type: 'ServiceUpdated',
      data: {
        serviceId: 3,
        changes: { titleFr: 'Clinique antigrippale', enabled: true, calendarIds: [7] },
        updatedAt: later,
      },
    });
});
active('UpdateService with nothing changed records nothing', () => {
  given(created).when(update()).then();
});
active('UpdateService that only adds spaces records nothing', () => {
  given(created)
    .when(update({ title: 'Flu Clinic  ', timeSelectionHeader: ' Select a time: ' }))
    .then();
});
active('changes are folded into the state that later decisions see', () => {
  const renamed: ServiceEvent = {
    type: 'ServiceUpdated',
    data: { serviceId: 3, changes: { title: 'Influenza Clinic' }, updatedAt: later },
  };
  given(created, renamed)
    .when(update({ title: 'Influenza Clinic' }))
    .then();
});
active('an invalid update is refused like an invalid creation', () => {
  given(created)
    .when(update({ minDaysAhead: 400 }))
    .thenRefused('VALIDATION_FAILED');
  given(created)
    .when(update({ minDaysAhead: 200, maxDaysAhead: 100 }))
    .thenRefused('INVALID_BOOKING_WINDOW');
  given(created)
    .when(update({ descriptionFr: '' }))
    .thenRefused('VALIDATION_FAILED');
});
active('DeleteService records the deletion', () => {
  given(created)
    .when({ type: 'DeleteService', data: { serviceId: 3, now: later } })
    .then(deleted);
});
active.run();

const gone = suite('services decider: deleted service');
gone('deleting it again is refused as not found', () => {
  given(created, deleted)
    .when({ type: 'DeleteService', data: { serviceId: 3, now: later } })
    .thenRefused('SERVICE_NOT_FOUND');
});
gone('updating it is refused as not found', () => {
  given(created, deleted).when(update()).thenRefused('SERVICE_NOT_FOUND');
});
gone('its id is never reused', () => {
  given(created, deleted).when(create()).thenRefused('SERVICE_ALREADY_EXISTS');
});
gone.run();
