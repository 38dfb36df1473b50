import type { Knex } from 'knex';
import type { CalendarSettings } from '../../domain/calendars/calendar';
import { calendarEventTypes, type CalendarEvent } from '../../domain/calendars/events';
import { assertNever } from '../../domain/shared/decider';
import type { Projection } from '../runner/projection';

async function upsert(trx: Knex.Transaction, calendarId: number, settings: CalendarSettings, createdAt: string | null, at: string) {
  await trx.raw(
    `insert into calendars (id, name, enabled, group_session, location_id, category_id, show_on_dashboard, settings, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?)
     on conflict (id) do update set name = excluded.name, enabled = excluded.enabled, group_session = excluded.group_session,
       location_id = excluded.location_id, category_id = excluded.category_id, show_on_dashboard = excluded.show_on_dashboard,
       settings = excluded.settings, updated_at = excluded.updated_at`,
    [calendarId, settings.name, settings.enabled, settings.groupSession, settings.locationId, settings.categoryId, settings.showOnDashboard, JSON.stringify(settings), createdAt ?? at, at],
  );
}

/** Read model `calendars`: one row per calendar, for lists, the form, the overview and the access screens. */
export const calendarsProjection: Projection = {
  name: 'calendars',
  tables: ['calendars'],
  eventTypes: calendarEventTypes,
  async apply(trx, domainEvent) {
    const event = domainEvent as CalendarEvent;
    switch (event.type) {
      case 'CalendarCreated':
        return upsert(trx, event.data.calendarId, event.data.settings, event.data.at, event.data.at);
      case 'CalendarUpdated': {
        const row = await trx('calendars').where({ id: event.data.calendarId }).first<{ settings: CalendarSettings } | undefined>('settings');
        if (!row) return;
        return upsert(trx, event.data.calendarId, { ...row.settings, ...event.data.changes }, null, event.data.at);
      }
      default:
        return assertNever(event);
    }
  },
};
