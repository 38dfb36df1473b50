import type { Knex } from 'knex';
import { selfServiceDefaults, type ServiceFields } from '../../domain/services/service';

export type Locale = 'en' | 'fr';

export interface ServiceRecord extends ServiceFields {
  id: number;
  createdAt: string;
  updatedAt: string;
}

interface ServiceRow {
  id: number;
  enabled: boolean;
  is_public: boolean;
  service: ServiceFields;
  created_at: Date;
  updated_at: Date;
}

// Rows written before issue 20 lack the self-service settings until a rebuild: they read as the defaults.
const toRecord = (row: ServiceRow): ServiceRecord => ({
  ...selfServiceDefaults,
  ...row.service,
  id: row.id,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/** Picks the French variant of a text field when asked for French and it is filled, else the English one. */
export function localized(
  service: ServiceFields,
  field:
    | 'title'
    | 'description'
    | 'landingPage'
    | 'confirmationPage'
    | 'emailContent'
    | 'calendarSelectionHeader'
    | 'dateSelectionHeader'
    | 'timeSelectionHeader',
  locale: Locale,
): string {
  const french = service[`${field}Fr` as keyof ServiceFields] as string;
  return locale === 'fr' && french ? french : service[field];
}

/** Enabled public services, ordered by their title in the locale. */
export async function listPublicServices(knex: Knex, locale: Locale): Promise<ServiceRecord[]> {
  const rows = await knex<ServiceRow>('services')
    .where({ enabled: true, is_public: true })
    .orderBy(locale === 'fr' ? 'title_fr' : 'title')
    .orderBy('id');
  return rows.map(toRecord);
}

export async function findPublicService(knex: Knex, id: number): Promise<ServiceRecord | undefined> {
  const row = await knex<ServiceRow>('services').where({ id, enabled: true, is_public: true }).first();
  return row && toRecord(row);
}

export async function findService(knex: Knex, id: number): Promise<ServiceRecord | undefined> {
  const row = await knex<ServiceRow>('services').where({ id }).first();
  return row && toRecord(row);
}

/** Every service, enabled or not, ordered by its English title (the admin list, §2.3). */
export async function listServices(knex: Knex): Promise<ServiceRecord[]> {
  const rows = await knex<ServiceRow>('services').orderBy([{ column: 'title' }, { column: 'id' }]);
  return rows.map(toRecord);
}

export interface ServiceCalendar {
  id: number;
  name: string;
  enabled: boolean;
  groupSession: boolean;
}

/** The calendars of the calendars read model among `ids` (name and flags), in no particular order. */
export async function calendarsAmong(knex: Knex, ids: readonly number[]): Promise<ServiceCalendar[]> {
  if (ids.length === 0) return [];
  const rows = await knex('calendars')
    .whereIn('id', [...new Set(ids)])
    .select<{ id: number; name: string; enabled: boolean; group_session: boolean }[]>(
      'id',
      'name',
      'enabled',
      'group_session',
    );
  return rows.map((row) => ({ id: row.id, name: row.name, enabled: row.enabled, groupSession: row.group_session }));
}
