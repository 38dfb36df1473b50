import type { Knex } from 'knex';
import { emailTemplateDecider } from '../../domain/templates/decider';
import { emailTemplateStream, type TemplateFields } from '../../domain/templates/template';
import { handleCommand, type CommandContext, type CommandDependencies } from '../handle-command';
import type { ReadModelLookups } from '../read-model-lookups';
import { looksLikeHtml } from '../confirmation-mails/render';
import { nextId } from '../infrastructure/ids';
import { cleanPageHtml } from '../infrastructure/page-html';

export type TemplateCommandDependencies = CommandDependencies & {
  knex: Knex;
  lookups: Pick<ReadModelLookups, 'calendarsSendingTemplate'>;
};

/**
 * A body written in HTML goes out as HTML, so it is kept (and recorded in the event) only as cleaned HTML; a plain
 * text body is escaped when it is sent and stays as written.
 */
const cleanBody = (body: string): string => (looksLikeHtml(body) ? cleanPageHtml(body) : body);
const withCleanBodies = (fields: TemplateFields): TemplateFields => ({
  ...fields,
  body: cleanBody(fields.body),
  bodyFr: cleanBody(fields.bodyFr),
});

export async function createTemplate(
  dependencies: TemplateCommandDependencies,
  fields: TemplateFields,
  context: CommandContext,
) {
  const cleanFields = withCleanBodies(fields);
  const templateId = await nextId(dependencies.knex, 'emailTemplate');
  const outcome = await handleCommand(
    dependencies,
    emailTemplateDecider,
    emailTemplateStream(templateId),
    { type: 'CreateEmailTemplate', data: { templateId, fields: cleanFields, now: dependencies.now().toISOString() } },
    context,
  );
  return { templateId, ...outcome };
}

export async function updateTemplate(
  dependencies: TemplateCommandDependencies,
  templateId: number,
  fields: TemplateFields,
  context: CommandContext,
) {
  const cleanFields = withCleanBodies(fields);
  return handleCommand(
    dependencies,
    emailTemplateDecider,
    emailTemplateStream(templateId),
    { type: 'UpdateEmailTemplate', data: { templateId, fields: cleanFields, now: dependencies.now().toISOString() } },
    context,
  );
}

/** Refused while calendars send the template; the count is read again on every retry. */
export async function deleteTemplate(
  dependencies: TemplateCommandDependencies,
  templateId: number,
  context: CommandContext,
) {
  return handleCommand(
    dependencies,
    emailTemplateDecider,
    emailTemplateStream(templateId),
    async () => ({
      type: 'DeleteEmailTemplate' as const,
      data: {
        templateId,
        inUseBy: await dependencies.lookups.calendarsSendingTemplate(templateId),
        now: dependencies.now().toISOString(),
      },
    }),
    context,
  );
}
