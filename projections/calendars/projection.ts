import type { CalendarSettings } from '../../domain/calendars/calendar';
import { calendarEventTypes, type CalendarEvent } from '../../domain/calendars/events';
import { assertNever } from '../../domain/shared/decider';
import type { Projection } from '../runner/projection';
import { recordTable } from '../shared/record-table';

const calendars = recordTable<CalendarSettings>({
  table: 'calendars',
  record: 'settings',
  columns: {
    name: { field: 'name' },
    enabled: { field: 'enabled' },
    group_session: { field: 'groupSession' },
    location_id: { field: 'locationId' },
    category_id: { field: 'categoryId' },
    show_on_dashboard: { field: 'showOnDashboard' },
  },
});

/**
 * Read model `calendars`: one row per calendar, for lists, the form, the overview and the access screens. A change
 * is merged into the stored settings here rather than in SQL, since it may set a column (location, category) to null.
 */
export const calendarsProjection: Projection = {
  name: 'calendars',
  tables: ['calendars'],
  eventTypes: calendarEventTypes,
  async apply(trx, domainEvent) {
    const event = domainEvent as CalendarEvent;
    switch (event.type) {
      case 'CalendarCreated':
        return calendars.create(trx, event.data.calendarId, event.data.settings, event.data.at);
      case 'CalendarUpdated': {
        const row = await trx('calendars')
          .where({ id: event.data.calendarId })
          .first<{ settings: CalendarSettings } | undefined>('settings');
        if (!row) return;
        return calendars.replace(trx, event.data.calendarId, { ...row.settings, ...event.data.changes }, event.data.at);
      }
      default:
        return assertNever(event);
    }
  },
};
