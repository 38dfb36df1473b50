import { suite } from 'uvu';
import { emailTemplateDecider } from '../../../domain/templates/decider';
import type { EmailTemplateEvent } from '../../../domain/templates/events';
import type { TemplateFields } from '../../../domain/templates/template';
import { scenario } from '../../support/given-when-then';

const now = '2026-11-22T15:00:00.000Z';
const later = '2026-11-23T09:30:00.000Z';
const fields: TemplateFields = {
  name: 'Appointment confirmation',
  fromEmail: 'no-reply@healthunit.example',
  fromName: 'Health Unit',
  fromNameFr: 'Bureau de santé',
  subject: 'Your appointment is confirmed',
  subjectFr: 'Votre rendez-vous est confirmé',
  body: 'Hello {{clientName}}',
  bodyFr: 'Bonjour {{clientName}}',
};
const created: EmailTemplateEvent = { type: 'EmailTemplateCreated', data: { templateId: 2, fields, createdAt: now } };
const deleted: EmailTemplateEvent = { type: 'EmailTemplateDeleted', data: { templateId: 2, deletedAt: later } };
const { given } = scenario(emailTemplateDecider);

const absent = suite('e-mail templates decider: no template yet');
absent('CreateEmailTemplate records the template with its fields', () => {
  given()
    .when({ type: 'CreateEmailTemplate', data: { templateId: 2, fields, now } })
    .then(created);
});
for (const field of [
  'name',
  'fromEmail',
  'fromName',
  'fromNameFr',
  'subject',
  'subjectFr',
  'body',
  'bodyFr',
] as const) {
  absent(`a template without ${field} is refused`, () => {
    given()
      .when({ type: 'CreateEmailTemplate', data: { templateId: 2, fields: { ...fields, [field]: ' ' }, now } })
      .thenRefused('VALIDATION_FAILED');
  });
}
absent('UpdateEmailTemplate is refused: there is nothing to update', () => {
  given()
    .when({ type: 'UpdateEmailTemplate', data: { templateId: 2, fields, now } })
    .thenRefused('TEMPLATE_NOT_FOUND');
});
absent('DeleteEmailTemplate is refused: there is nothing to delete', () => {
  given()
    .when({ type: 'DeleteEmailTemplate', data: { templateId: 2, inUseBy: 0, now } })
    .thenRefused('TEMPLATE_NOT_FOUND');
});
absent.run();

const active = suite('e-mail templates decider: existing template');
active('CreateEmailTemplate again is refused', () => {
  given(created)
    .when({ type: 'CreateEmailTemplate', data: { templateId: 2, fields, now } })
    .thenRefused('TEMPLATE_ALREADY_EXISTS');
});
active('UpdateEmailTemplate records only the fields that changed', () => {
  given(created)
    .when({
      type: 'UpdateEmailTemplate',
      data: {
        templateId: 2,
        fields: { ...fields, subjectFr: 'Rendez-vous confirmé', bodyFr: 'Bonjour, {{clientName}}' },
        now: later,
      },
    })
    .then({
      type: 'EmailTemplateUpdated',
      data: {
        templateId: 2,
        changes: { subjectFr: 'Rendez-vous confirmé', bodyFr: 'Bonjour, {{clientName}}' },
        updatedAt: later,
      },
    });
});
active('UpdateEmailTemplate with nothing changed records nothing', () => {
  given(created)
    .when({ type: 'UpdateEmailTemplate', data: { templateId: 2, fields: { ...fields }, now: later } })
    .then();
});
active('changes are folded into the state that later decisions see', () => {
  const renamed: EmailTemplateEvent = {
    type: 'EmailTemplateUpdated',
    data: { templateId: 2, changes: { name: 'Confirmation' }, updatedAt: later },
  };
  given(created, renamed)
    .when({
      type: 'UpdateEmailTemplate',
      data: { templateId: 2, fields: { ...fields, name: 'Confirmation' }, now: later },
    })
    .then();
});
active('an update that empties a French field is refused', () => {
  given(created)
    .when({ type: 'UpdateEmailTemplate', data: { templateId: 2, fields: { ...fields, subjectFr: '' }, now: later } })
    .thenRefused('VALIDATION_FAILED');
});
active('DeleteEmailTemplate records the deletion when no calendar sends it', () => {
  given(created)
    .when({ type: 'DeleteEmailTemplate', data: { templateId: 2, inUseBy: 0, now: later } })
    .then(deleted);
});
active('DeleteEmailTemplate is refused while calendars send it', () => {
  given(created)
    .when({ type: 'DeleteEmailTemplate', data: { templateId: 2, inUseBy: 3, now: later } })
    .thenRefused('TEMPLATE_IN_USE');
});
active.run();

const gone = suite('e-mail templates decider: deleted template');
gone('deleting it again is refused as not found', () => {
  given(created, deleted)
    .when({ type: 'DeleteEmailTemplate', data: { templateId: 2, inUseBy: 0, now: later } })
    .thenRefused('TEMPLATE_NOT_FOUND');
});
gone('updating it is refused as not found', () => {
  given(created, deleted)
    .when({ type: 'UpdateEmailTemplate', data: { templateId: 2, fields, now: later } })
    .thenRefused('TEMPLATE_NOT_FOUND');
});
gone('its id is never reused', () => {
  given(created, deleted)
    .when({ type: 'CreateEmailTemplate', data: { templateId: 2, fields, now: later } })
    .thenRefused('TEMPLATE_ALREADY_EXISTS');
});
gone.run();
