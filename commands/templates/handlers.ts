import type { Knex } from 'knex';
import { emailTemplateDecider } from '../../domain/templates/decider';
import { emailTemplateStream, type TemplateFields } from '../../domain/templates/template';
import { countCalendarsSendingTemplate } from '../../projections/templates/queries';
import { handleCommand, type CommandContext, type CommandDependencies } from '../handle-command';
import { nextId } from '../infrastructure/ids';

export type TemplateCommandDependencies = CommandDependencies & { knex: Knex };

export async function createTemplate(dependencies: TemplateCommandDependencies, fields: TemplateFields, context: CommandContext) {
  const templateId = await nextId(dependencies.knex, 'emailTemplate');
  const outcome = await handleCommand(
    dependencies,
    emailTemplateDecider,
    emailTemplateStream(templateId),
    { type: 'CreateEmailTemplate', data: { templateId, fields, now: dependencies.now().toISOString() } },
    context,
  );
  return { templateId, ...outcome };
}

export async function updateTemplate(dependencies: TemplateCommandDependencies, templateId: number, fields: TemplateFields, context: CommandContext) {
  return handleCommand(
    dependencies,
    emailTemplateDecider,
    emailTemplateStream(templateId),
    { type: 'UpdateEmailTemplate', data: { templateId, fields, now: dependencies.now().toISOString() } },
    context,
  );
}

/** Refused while calendars send the template; the count is read again on every retry. */
export async function deleteTemplate(dependencies: TemplateCommandDependencies, templateId: number, context: CommandContext) {
  return handleCommand(
    dependencies,
    emailTemplateDecider,
    emailTemplateStream(templateId),
    async () => ({
      type: 'DeleteEmailTemplate' as const,
      data: { templateId, inUseBy: await countCalendarsSendingTemplate(dependencies.knex, templateId), now: dependencies.now().toISOString() },
    }),
    context,
  );
}
