import type { Knex } from 'knex';
import { calendarStream, type CalendarSettings } from '../../domain/calendars/calendar';
import { calendarDecider } from '../../domain/calendars/decider';
import { userDecider } from '../../domain/users/decider';
import { userStream } from '../../domain/users/user';
import type { AppendResult } from '../event-store/port';
import { handleCommand, type CommandContext, type CommandDependencies } from '../handle-command';
import { nextId } from '../infrastructure/ids';

type Dependencies = CommandDependencies & { knex: Knex };

export async function createCalendar(dependencies: Dependencies, settings: CalendarSettings, context: CommandContext) {
  const calendarId = await nextId(dependencies.knex, 'calendar');
  const outcome = await handleCommand(
    dependencies,
    calendarDecider,
    calendarStream(calendarId),
    { type: 'CreateCalendar', data: { calendarId, settings, now: dependencies.now().toISOString() } },
    context,
  );
  return { calendarId, ...outcome };
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
      { type: 'SetCalendarAccess', data: { userId, calendarId, granted: granted.has(userId), now: dependencies.now().toISOString() } },
      context,
    );
    if (outcome.append) {
      changed += 1;
      last = outcome.append;
    }
  }
  return { changed, last };
}
