import type { Knex } from 'knex';
import { groupSessionSeriesEventTypes, type GroupSessionSeriesEvent } from '../../domain/group-session-series/events';
import type { SpotHold } from '../../domain/group-session-series/series';
import { assertNever } from '../../domain/shared/decider';
import type { Projection } from '../runner/projection';

async function changeHolds(trx: Knex.Transaction, seriesId: number, change: (holds: SpotHold[]) => SpotHold[]) {
  const row = await trx('group_session_series')
    .where({ id: seriesId })
    .first<{ holds: SpotHold[] } | undefined>('holds');
  if (!row) return;
  await trx('group_session_series')
    .where({ id: seriesId })
    .update({ holds: JSON.stringify(change(row.holds)) });
}

/** Spots taken and the registration count, from the registrations as they are now. */
async function recount(trx: Knex.Transaction, seriesId: number) {
  await trx.raw(
    `update group_session_series s set
       spots_taken = (select coalesce(sum(r.spots), 0) from group_session_registrations r where r.series_id = s.id),
       registration_count = (select count(*) from group_session_registrations r where r.series_id = s.id)
     where s.id = ?`,
    [seriesId],
  );
}

/**
 * Read models `group_session_series` (deadline, spots, spots taken, registration count, live holds) and
 * `group_session_registrations`; a series' dates are in calendar_dates. Counts are recomputed from the
 * registrations, so a replayed event changes nothing.
 */
export const groupSessionSeriesProjection: Projection = {
  name: 'groupSessionSeries',
  tables: ['group_session_series', 'group_session_registrations'],
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
      case 'SpotsHeld': {
        const { token, laneId, spots, expiresAt, expiredTokens } = event.data;
        return changeHolds(trx, event.data.seriesId, (holds) => [
          ...holds.filter((hold) => hold.token !== token && !expiredTokens.includes(hold.token)),
          { token, laneId, spots, expiresAt },
        ]);
      }
      case 'SpotsReleased':
        return changeHolds(trx, event.data.seriesId, (holds) =>
          holds.filter((hold) => hold.token !== event.data.token),
        );
      case 'ClientUnregistered':
        await trx('group_session_registrations').where({ appointment_id: event.data.appointmentId }).delete();
        return recount(trx, event.data.seriesId);
      case 'ClientRegistered': {
        const { seriesId, calendarId, appointmentId, confirmationCode, lockToken, spots, appointment, at } = event.data;
        await trx.raw(
          `insert into group_session_registrations (appointment_id, series_id, calendar_id, spots, confirmation_code, appointment, registered_at)
           values (?, ?, ?, ?, ?, ?::jsonb, ?) on conflict (appointment_id) do nothing`,
          [appointmentId, seriesId, calendarId, spots, confirmationCode, JSON.stringify(appointment), at],
        );
        await recount(trx, seriesId);
        return changeHolds(trx, seriesId, (holds) => holds.filter((hold) => hold.token !== lockToken));
      }
      default:
        return assertNever(event);
    }
  },
};
