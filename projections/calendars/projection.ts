import { calendarEventTypes, type CalendarEvent } from '../../domain/calendars/events';
import { assertNever } from '../../domain/shared/decider';
import type { Projection } from '../runner/projection';

/** Read model `calendars`: one row per calendar, for lists and the access screens. */
export const calendarsProjection: Projection = {
  name: 'calendars',
  tables: ['calendars'],
  eventTypes: calendarEventTypes,
  async apply(trx, domainEvent) {
    const event = domainEvent as CalendarEvent;
    switch (event.type) {
      case 'CalendarCreated': {
        const { calendarId, settings, at } = event.data;
        await trx.raw(
          `insert into calendars (id, name, enabled, group_session, location_id, category_id, settings, created_at, updated_at)
           values (?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?) on conflict (id) do nothing`,
          [calendarId, settings.name, settings.enabled, settings.groupSession, settings.locationId, settings.categoryId, JSON.stringify(settings), at, at],
        );
        return;
      }
      default:
        return assertNever(event.type);
    }
  },
};
