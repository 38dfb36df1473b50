import type { Knex } from 'knex';
import { calendarStream } from '../../domain/calendars/calendar';
import { DomainError } from '../../domain/shared/decider';
import type { ServiceFields } from '../../domain/services/service';
import { serviceStream } from '../../domain/services/service';
import { serviceDecider } from '../../domain/services/decider';
import { serviceSchemaVersions } from '../../domain/services/events';
import { handleCommand, type CommandContext, type CommandDependencies } from '../handle-command';
import type { ReadModelLookups } from '../read-model-lookups';
import { nextId } from '../infrastructure/ids';
import { cleanPageHtml } from '../infrastructure/page-html';

export type ServiceCommandDependencies = CommandDependencies & {
  knex: Knex;
  lookups: Pick<ReadModelLookups, 'calendarsAmong'>;
};

/**
 * The calendars a service offers must exist (calendars are never deleted). The calendars read model answers for
 * all of them in one query; an id it lacks is looked up in the event store, since a calendar created a moment ago
 * (the demo seed's) may not be projected yet.
 */
async function checkCalendars(dependencies: ServiceCommandDependencies, calendarIds: readonly number[]): Promise<void> {
  const projected = new Set((await dependencies.lookups.calendarsAmong(calendarIds)).map((calendar) => calendar.id));
  const missing: number[] = [];
  for (const id of calendarIds) {
    if (!projected.has(id) && (await dependencies.store.readStream(calendarStream(id))).events.length === 0)
      missing.push(id);
  }
  if (missing.length > 0)
    throw new DomainError('UNKNOWN_CALENDAR', 'There is no such calendar.', {
      field: 'calendarIds',
      calendarIds: missing,
    });
}

/** The pages staff write in HTML: kept (and so recorded in the event) only as cleaned HTML. */
const HTML_FIELDS = [
  'landingPage',
  'landingPageFr',
  'confirmationPage',
  'confirmationPageFr',
  'emailContent',
  'emailContentFr',
] as const;

function withCleanPages(fields: ServiceFields): ServiceFields {
  return { ...fields, ...Object.fromEntries(HTML_FIELDS.map((field) => [field, cleanPageHtml(fields[field])])) };
}

export async function createService(
  dependencies: ServiceCommandDependencies,
  fields: ServiceFields,
  context: CommandContext,
) {
  await checkCalendars(dependencies, fields.calendarIds);
  const cleanFields = withCleanPages(fields);
  const serviceId = await nextId(dependencies.knex, 'service');
  const outcome = await handleCommand(
    dependencies,
    serviceDecider,
    serviceStream(serviceId),
    { type: 'CreateService', data: { serviceId, fields: cleanFields, now: dependencies.now().toISOString() } },
    context,
    serviceSchemaVersions,
  );
  return { serviceId, ...outcome };
}

export async function updateService(
  dependencies: ServiceCommandDependencies,
  serviceId: number,
  fields: ServiceFields,
  context: CommandContext,
) {
  await checkCalendars(dependencies, fields.calendarIds);
  const cleanFields = withCleanPages(fields);
  return handleCommand(
    dependencies,
    serviceDecider,
    serviceStream(serviceId),
    { type: 'UpdateService', data: { serviceId, fields: cleanFields, now: dependencies.now().toISOString() } },
    context,
    serviceSchemaVersions,
  );
}

export async function deleteService(
  dependencies: ServiceCommandDependencies,
  serviceId: number,
  context: CommandContext,
) {
  return handleCommand(
    dependencies,
    serviceDecider,
    serviceStream(serviceId),
    { type: 'DeleteService', data: { serviceId, now: dependencies.now().toISOString() } },
    context,
  );
}
