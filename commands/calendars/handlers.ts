import type { Knex } from 'knex';
import { calendarStream, type CalendarSettings } from '../../domain/calendars/calendar';
import { calendarDecider } from '../../domain/calendars/decider';
import { calendarSchemaVersions } from '../../domain/calendars/events';
import { DomainError } from '../../domain/shared/decider';
import { userDecider } from '../../domain/users/decider';
import { userStream } from '../../domain/users/user';
import type { AppendResult } from '../../domain/event-store/port';
import { handleCommand, type CommandContext, type CommandDependencies } from '../handle-command';
import type { ReadModelLookups } from '../read-model-lookups';
import { nextId, nextIds } from '../infrastructure/ids';

type Dependencies = CommandDependencies & { knex: Knex; lookups: References };
type References = Pick<ReadModelLookups, 'location' | 'category' | 'template'>;

/** An id for each lane that comes without one (a new lane, or one of a copied calendar); the decider gives them out. */
const newLaneIds = (knex: Knex, settings: CalendarSettings): Promise<number[]> =>
  nextIds(knex, 'lane', settings.lanes.filter((lane) => lane.id === null).length);

/**
 * The location, category and templates a calendar names must exist (§5: location and category are required). A
 * template is checked with e-mails off too: switching them on later must not start sending from nowhere, and a
 * template named by a calendar cannot be deleted, so a name that exists now keeps existing.
 */
async function checkReferences(references: References, settings: CalendarSettings): Promise<void> {
  if (settings.locationId !== null && !(await references.location(settings.locationId))) {
    throw new DomainError('UNKNOWN_LOCATION', 'There is no such location.', { field: 'locationId' });
  }
  if (settings.categoryId !== null && !(await references.category(settings.categoryId))) {
    throw new DomainError('UNKNOWN_CATEGORY', 'There is no such category.', { field: 'categoryId' });
  }
  for (const field of ['notificationTemplateId', 'reminderTemplateId'] as const) {
    const templateId = settings[field];
    if (templateId !== null && !(await references.template(templateId))) {
      throw new DomainError('UNKNOWN_TEMPLATE', 'There is no such email template.', { field });
    }
  }
}

export async function createCalendar(dependencies: Dependencies, settings: CalendarSettings, context: CommandContext) {
  await checkReferences(dependencies.lookups, settings);
  const laneIds = await newLaneIds(dependencies.knex, settings);
  const calendarId = await nextId(dependencies.knex, 'calendar');
  const outcome = await handleCommand(
    dependencies,
    calendarDecider,
    calendarStream(calendarId),
    {
      type: 'CreateCalendar',
      data: { calendarId, settings, newLaneIds: laneIds, now: dependencies.now().toISOString() },
    },
    context,
    calendarSchemaVersions,
  );
  return { calendarId, ...outcome };
}

export async function updateCalendar(
  dependencies: Dependencies,
  calendarId: number,
  settings: CalendarSettings,
  context: CommandContext,
) {
  await checkReferences(dependencies.lookups, settings);
  const laneIds = await newLaneIds(dependencies.knex, settings);
  return handleCommand(
    dependencies,
    calendarDecider,
    calendarStream(calendarId),
    {
      type: 'UpdateCalendar',
      data: { calendarId, settings, newLaneIds: laneIds, now: dependencies.now().toISOString() },
    },
    context,
    calendarSchemaVersions,
  );
}

/**
 * Grants the calendar to the listed users and revokes it from the others of `candidates`. Each user's access is
 * their own stream's, so this is one decision per user: a failure part-way leaves the others done, and repeating the
 * same call finishes the job without changing anyone twice.
 */
export async function setCalendarUsers(
  dependencies: Dependencies,
  calendarId: number,
  candidates: number[],
  granted: ReadonlySet<number>,
  context: CommandContext,
): Promise<{ changed: number; last: AppendResult | null }> {
  let changed = 0;
  let last: AppendResult | null = null;
  for (const userId of candidates) {
    const outcome = await handleCommand(
      dependencies,
      userDecider,
      userStream(userId),
      {
        type: 'SetCalendarAccess',
        data: { userId, calendarId, granted: granted.has(userId), now: dependencies.now().toISOString() },
      },
      context,
    );
    if (outcome.append) {
      changed += 1;
      last = outcome.append;
    }
  }
  return { changed, last };
}
