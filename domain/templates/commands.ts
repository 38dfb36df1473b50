import type { DomainCommand } from '../shared/decider';
import type { TemplateFields } from './template';

export type CreateEmailTemplate = DomainCommand<
  'CreateEmailTemplate',
  { templateId: number; fields: TemplateFields; now: string }
>;
export type UpdateEmailTemplate = DomainCommand<
  'UpdateEmailTemplate',
  { templateId: number; fields: TemplateFields; now: string }
>;
/** `inUseBy` is looked up in the calendars read model: how many calendars send it as their confirmation or reminder. */
export type DeleteEmailTemplate = DomainCommand<
  'DeleteEmailTemplate',
  { templateId: number; inUseBy: number; now: string }
>;

export type EmailTemplateCommand = CreateEmailTemplate | UpdateEmailTemplate | DeleteEmailTemplate;
