import { groupSessionSeriesEventTypes, type GroupSessionSeriesEvent } from '../../domain/group-session-series/events';
import { assertNever } from '../../domain/shared/decider';
import type { Projection } from '../runner/projection';

/** Read model `group_session_series`: a series' deadline, spots and registrations; its dates are in calendar_dates. */
export const groupSessionSeriesProjection: Projection = {
  name: 'groupSessionSeries',
  tables: ['group_session_series'],
  eventTypes: groupSessionSeriesEventTypes,
  async apply(trx, domainEvent) {
    const event = domainEvent as GroupSessionSeriesEvent;
    switch (event.type) {
      case 'GroupSessionSeriesCreated': {
        const { seriesId, calendarId, name, deadline, spots, at } = event.data;
        await trx.raw(
          `insert into group_session_series (id, calendar_id, name, deadline, spots, created_at) values (?, ?, ?, ?, ?, ?)
           on conflict (id) do update set name = excluded.name, deadline = excluded.deadline, spots = excluded.spots`,
          [seriesId, calendarId, name, deadline, spots, at],
        );
        return;
      }
      default:
        return assertNever(event.type);
    }
  },
};
