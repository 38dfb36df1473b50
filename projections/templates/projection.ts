import { emailTemplateEventTypes, type EmailTemplateEvent } from '../../domain/templates/events';
import { assertNever } from '../../domain/shared/decider';
import type { Projection } from '../runner/projection';

/** Read model `email_templates`: one row per e-mail template, the name for the list, the full record in `template`. */
export const templatesProjection: Projection = {
  name: 'email_templates',
  tables: ['email_templates'],
  eventTypes: emailTemplateEventTypes,
  async apply(trx, domainEvent) {
    const event = domainEvent as EmailTemplateEvent;
    switch (event.type) {
      case 'EmailTemplateCreated': {
        const { templateId, fields, createdAt } = event.data;
        await trx.raw(
          `insert into email_templates (id, name, template, created_at, updated_at)
           values (?, ?, ?::jsonb, ?, ?)
           on conflict (id) do update set name = excluded.name, template = excluded.template,
             created_at = excluded.created_at, updated_at = excluded.updated_at`,
          [templateId, fields.name, JSON.stringify(fields), createdAt, createdAt],
        );
        return;
      }
      case 'EmailTemplateUpdated': {
        const { templateId, changes, updatedAt } = event.data;
        const json = JSON.stringify(changes);
        await trx.raw(
          `update email_templates set template = template || ?::jsonb, updated_at = ?, name = coalesce(?::jsonb ->> 'name', name)
           where id = ?`,
          [json, updatedAt, json, templateId],
        );
        return;
      }
      case 'EmailTemplateDeleted':
        await trx('email_templates').where({ id: event.data.templateId }).delete();
        return;
      default:
        return assertNever(event);
    }
  },
};
