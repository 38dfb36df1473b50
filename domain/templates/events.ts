import type { DomainEvent } from '../shared/decider';
import type { TemplateFields } from './template';

export type EmailTemplateCreated = DomainEvent<
  'EmailTemplateCreated',
  { templateId: number; fields: TemplateFields; createdAt: string }
>;
/** Only the fields that changed. */
export type EmailTemplateUpdated = DomainEvent<
  'EmailTemplateUpdated',
  { templateId: number; changes: Partial<TemplateFields>; updatedAt: string }
>;
export type EmailTemplateDeleted = DomainEvent<'EmailTemplateDeleted', { templateId: number; deletedAt: string }>;

export type EmailTemplateEvent = EmailTemplateCreated | EmailTemplateUpdated | EmailTemplateDeleted;
export const emailTemplateEventTypes: EmailTemplateEvent['type'][] = [
  'EmailTemplateCreated',
  'EmailTemplateUpdated',
  'EmailTemplateDeleted',
];
