import { emailTemplateEventTypes, type EmailTemplateEvent } from '../../domain/templates/events';
import type { TemplateFields } from '../../domain/templates/template';
import { assertNever } from '../../domain/shared/decider';
import type { Projection } from '../runner/projection';
import { recordTable } from '../shared/record-table';

const templates = recordTable<TemplateFields>({
  table: 'email_templates',
  record: 'template',
  columns: { name: { field: 'name' } },
});

/** Read model `email_templates`: one row per e-mail template, the name for the list, the full record in `template`. */
export const templatesProjection: Projection = {
  name: 'email_templates',
  tables: ['email_templates'],
  eventTypes: emailTemplateEventTypes,
  async apply(trx, domainEvent) {
    const event = domainEvent as EmailTemplateEvent;
    switch (event.type) {
      case 'EmailTemplateCreated':
        return templates.create(trx, event.data.templateId, event.data.fields, event.data.createdAt);
      case 'EmailTemplateUpdated':
        return templates.merge(trx, event.data.templateId, event.data.changes, event.data.updatedAt);
      case 'EmailTemplateDeleted':
        return templates.delete(trx, event.data.templateId);
      default:
        return assertNever(event);
    }
  },
};
