import type { Knex } from 'knex';
import * as eventStore from './20261122_01_event_store';
import * as projectionCheckpoints from './20261122_02_projection_checkpoints';
import * as servicesReadModel from './20261122_03_services_read_model';
import * as identity from './20261122_04_identity';
import * as calendarsReadModel from './20261122_05_calendars_read_model';
import * as referenceData from './20261122_06_reference_data';
import * as calendarDates from './20261122_07_calendar_dates';
import * as calendarDateHoldings from './20261122_08_calendar_date_holdings';
import * as seriesRegistrations from './20261123_09_series_registrations';
import * as botCheck from './20261123_10_bot_check';
import * as mailQueue from './20261123_11_mail_queue';
import * as appointments from './20261123_12_appointments';
import * as confirmationCodes from './20261124_13_confirmation_codes';
import * as idempotencyKeys from './20261124_14_idempotency_keys';
import * as publicLockHolders from './20261124_15_public_lock_holders';
import * as publicFreeTimes from './20261124_16_public_free_times';
import * as eventStoreAppendFunction from './20261124_17_event_store_append_function';
import * as reservePublicLockPlace from './20261124_18_reserve_public_lock_place';
import * as lockPlaceWithToken from './20261124_19_lock_place_with_token';
import * as appointmentIdSequence from './20261124_20_appointment_id_sequence';
import * as calendarFrenchTexts from './20261124_21_calendar_french_texts';
import * as requestForms from './20261125_22_request_forms';
import * as analytics from './20261125_24_analytics';
import * as accessLog from './20261125_26_access_log';
import * as auditEventIndexes from './20261125_27_audit_event_indexes';
import * as messageQueue from './20261125_28_message_queue';
import * as messageSchedule from './20261125_29_message_schedule';
import * as calendarExtraReminderDays from './20261125_30_calendar_extra_reminder_days';
import * as messageDayIndexes from './20261125_31_message_day_indexes';
import * as selfService from './20261125_32_self_service';
import * as waitlist from './20261125_33_waitlist';
import * as eventStoreAppendEach from './20261128_34_event_store_append_each';
import * as calendarDateLanes from './20261128_35_calendar_date_lanes';
import * as reservePublicLockPlaces from './20261128_36_reserve_public_lock_places';
import * as calendarDateHoldingRows from './20261128_37_calendar_date_holding_rows';
import * as readModelIndexNames from './20261129_38_read_model_index_names';

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/** Every migration, in order. Listed here (not globbed) so that they run the same under tsx, tests and builds. */
const migrations: Record<string, Migration> = {
  '20261122_01_event_store': eventStore,
  '20261122_02_projection_checkpoints': projectionCheckpoints,
  '20261122_03_services_read_model': servicesReadModel,
  '20261122_04_identity': identity,
  '20261122_05_calendars_read_model': calendarsReadModel,
  '20261122_06_reference_data': referenceData,
  '20261122_07_calendar_dates': calendarDates,
  '20261122_08_calendar_date_holdings': calendarDateHoldings,
  '20261123_09_series_registrations': seriesRegistrations,
  '20261123_10_bot_check': botCheck,
  '20261123_11_mail_queue': mailQueue,
  '20261123_12_appointments': appointments,
  '20261124_13_confirmation_codes': confirmationCodes,
  '20261124_14_idempotency_keys': idempotencyKeys,
  '20261124_15_public_lock_holders': publicLockHolders,
  '20261124_16_public_free_times': publicFreeTimes,
  '20261124_17_event_store_append_function': eventStoreAppendFunction,
  '20261124_18_reserve_public_lock_place': reservePublicLockPlace,
  '20261124_19_lock_place_with_token': lockPlaceWithToken,
  '20261124_20_appointment_id_sequence': appointmentIdSequence,
  '20261124_21_calendar_french_texts': calendarFrenchTexts,
  '20261125_22_request_forms': requestForms,
  '20261125_24_analytics': analytics,
  '20261125_26_access_log': accessLog,
  '20261125_27_audit_event_indexes': auditEventIndexes,
  '20261125_28_message_queue': messageQueue,
  '20261125_29_message_schedule': messageSchedule,
  '20261125_30_calendar_extra_reminder_days': calendarExtraReminderDays,
  '20261125_31_message_day_indexes': messageDayIndexes,
  '20261125_32_self_service': selfService,
  '20261125_33_waitlist': waitlist,
  '20261128_34_event_store_append_each': eventStoreAppendEach,
  '20261128_35_calendar_date_lanes': calendarDateLanes,
  '20261128_36_reserve_public_lock_places': reservePublicLockPlaces,
  '20261128_37_calendar_date_holding_rows': calendarDateHoldingRows,
  '20261129_38_read_model_index_names': readModelIndexNames,
};

const source: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name]!,
};

/** Key of the advisory lock that makes processes migrating one database take turns ('migr' in ASCII). */
const MIGRATION_LOCK_KEY = 0x6d696772;

/**
 * Applies the pending migrations. Instances of a cluster that start at once take turns on an advisory lock: knex's
 * own lock refuses a second migrator ("Migration table is already locked") instead of making it wait, and the lock
 * ends with the session even if the process dies mid-migration. The one that waited then finds nothing to apply.
 */
export async function migrateToLatest(knex: Knex): Promise<void> {
  const session = (await knex.client.acquireConnection()) as {
    query: (sql: string, values: unknown[]) => Promise<unknown>;
  };
  try {
    await session.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await knex.migrate.latest({ migrationSource: source });
    } finally {
      await session.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await knex.client.releaseConnection(session);
  }
}
