import { randomInt } from 'node:crypto';
import { withAdvisoryLock } from '../infrastructure/advisory-lock';
import type { Knex } from 'knex';
import { todayIn } from '../../domain/shared/plain-date';
import { failedPasswordRules } from '../../domain/users/password-policy';
import type { LogPosition } from '../../domain/event-store/port';
import type { CommandContext, CommandDependencies } from '../handle-command';
import type { ReadModelLookups } from '../read-model-lookups';
import { newUuid } from '../infrastructure/ids';
import { addDates } from '../calendar-dates/handlers';
import { createCalendar } from '../calendars/handlers';
import { createService } from '../services/handlers';
import { createUser } from '../users/handlers';
import { demoCalendars } from './demo-calendars';
import { seedReferenceData } from './demo-reference-data';
import { demoServiceCalendars, demoServices } from './demo-services';

export interface SeedOptions {
  adminEmail?: string | undefined;
  adminPassword?: string | undefined;
}

export interface SeedResult {
  seeded: boolean;
  admin?: { email: string; password: string; generated: boolean };
  position?: LogPosition;
}

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

export type SeedDependencies = CommandDependencies & {
  knex: Knex;
  lookups: ReadModelLookups;
  timeZone: string;
  /**
   * Resolves once the read models have applied the log up to `position`: a calendar checks its location, category and
   * templates there, and a service its calendars, so each step waits for the one before it to be projected.
   */
  waitForProjections(position: LogPosition): Promise<boolean>;
};

/**
 * Fills an empty store with the demo: a System Administrator, the reference data (categories, locations, e-mail
 * templates), the demo calendars with dates over the coming weeks, and the demo services. Everything goes through the command handlers, so the demo
 * is in the event log like any later change. A store with any event is left alone.
 */
export async function seedDemo(dependencies: SeedDependencies, options: SeedOptions = {}): Promise<SeedResult> {
  // Instances starting at once on a new database take turns: the first seeds, the others then find events.
  return withAdvisoryLock(dependencies.knex, SEED_LOCK_KEY, () => seedEmptyStore(dependencies, options));
}

/** Key of the advisory lock around seeding ('seed' in ASCII). */
const SEED_LOCK_KEY = 0x73656564;

async function seedEmptyStore(dependencies: SeedDependencies, options: SeedOptions): Promise<SeedResult> {
  const existing = await dependencies.store.readAll(null, 1);
  if (existing.length > 0) return { seeded: false };
  const generated = !options.adminPassword;
  const password = options.adminPassword ?? generatePassword();
  const problems = failedPasswordRules(password);
  if (problems.length > 0)
    throw new Error(
      `SEED_ADMIN_PASSWORD breaks the password policy: ${problems.map((rule) => rule.message.toLowerCase()).join('; ')}`,
    );
  const context: CommandContext = { actor: { system: 'seed' }, correlationId: newUuid() };
  const email = (options.adminEmail ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  const admin = await createUser(
    dependencies,
    {
      profile: { email, firstName: 'System', lastName: 'Administrator', position: 'System Administrator' },
      roles: ['ROLE_ROOT'],
      enabled: true,
      access: { calendarIds: [], categoryIds: [], locationIds: [] },
      password,
      sendPasswordLink: false,
    },
    context,
  );
  let position = admin.append?.position;
  // Before the calendars, so that they can name these categories, locations and templates.
  const referenceData = await seedReferenceData(dependencies, context);
  position = referenceData.position ?? position;
  await projected(dependencies, position);
  const today = todayIn(dependencies.timeZone, dependencies.now());
  const calendarIds = new Map<string, number>();
  for (const { settings, dates } of demoCalendars(referenceData)) {
    const calendar = await createCalendar(dependencies, settings, context);
    calendarIds.set(settings.name, calendar.calendarId);
    position = calendar.append?.position ?? position;
    const input = dates(today);
    if (!input || input.dates.length === 0) continue;
    const added = await addDates(dependencies, calendar.calendarId, input, context);
    position = added.append?.position ?? position;
  }
  await projected(dependencies, position);
  for (const fields of demoServices) {
    const names = demoServiceCalendars[fields.title] ?? [];
    const ids = names.flatMap((name) => calendarIds.get(name) ?? []);
    const service = await createService(dependencies, { ...fields, calendarIds: ids }, context);
    position = service.append?.position ?? position;
  }
  return { seeded: true, admin: { email, password, generated }, ...(position ? { position } : {}) };
}

async function projected(dependencies: SeedDependencies, position: LogPosition | undefined): Promise<void> {
  if (position && !(await dependencies.waitForProjections(position)))
    throw new Error('the read models did not catch up with the demo seed in time');
}

/** 20 characters from every class the policy asks for, shuffled with a cryptographic generator. */
export function generatePassword(): string {
  const classes = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '!#%+-=?@_'];
  const all = classes.join('');
  const characters = classes.map((set) => set[randomInt(set.length)]!);
  while (characters.length < 20) characters.push(all[randomInt(all.length)]!);
  for (let i = characters.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [characters[i], characters[j]] = [characters[j]!, characters[i]!];
  }
  return characters.join('');
}
