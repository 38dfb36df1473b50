import type { Knex } from 'knex';
import type { CalendarEvent } from '../../domain/calendars/events';
import type { CategoryEvent } from '../../domain/categories/events';
import type { GroupSessionSeriesEvent } from '../../domain/group-session-series/events';
import type { LocationEvent } from '../../domain/locations/events';
import type { ServiceEvent } from '../../domain/services/events';
import { assertNever } from '../../domain/shared/decider';
import { clientFigures } from './de-identify';

/** What staff set up, as far as analysts group by it: calendars, categories, locations (region), services. */
export type DimensionEvent = CalendarEvent | CategoryEvent | LocationEvent | ServiceEvent;

export async function applyDimension(trx: Knex.Transaction, event: DimensionEvent): Promise<void> {
  switch (event.type) {
    case 'CalendarCreated': {
      const { calendarId, settings } = event.data;
      await trx('calendars')
        .insert({
          calendar_id: calendarId,
          name: settings.name,
          group_session: settings.groupSession,
          category_id: settings.categoryId,
          location_id: settings.locationId,
        })
        .onConflict('calendar_id')
        .merge();
      return;
    }
    case 'CalendarUpdated': {
      const { calendarId, changes } = event.data;
      const update: Record<string, unknown> = {};
      if (changes.name !== undefined) update.name = changes.name;
      if (changes.groupSession !== undefined) update.group_session = changes.groupSession;
      if ('categoryId' in changes) update.category_id = changes.categoryId ?? null;
      if ('locationId' in changes) update.location_id = changes.locationId ?? null;
      if (Object.keys(update).length > 0) await trx('calendars').where({ calendar_id: calendarId }).update(update);
      return;
    }
    case 'CategoryCreated':
      await trx('categories')
        .insert({ category_id: event.data.categoryId, name: event.data.fields.name })
        .onConflict('category_id')
        .merge();
      return;
    case 'CategoryUpdated':
      if (event.data.changes.name !== undefined)
        await trx('categories').where({ category_id: event.data.categoryId }).update({ name: event.data.changes.name });
      return;
    case 'CategoryDeleted':
      await trx('categories').where({ category_id: event.data.categoryId }).update({ deleted: true });
      return;
    case 'LocationCreated': {
      const { locationId, fields } = event.data;
      await trx('locations')
        .insert({
          location_id: locationId,
          name: fields.name,
          region: fields.officeRegion,
          is_virtual: fields.isVirtual,
        })
        .onConflict('location_id')
        .merge();
      return;
    }
    case 'LocationUpdated': {
      const { locationId, changes } = event.data;
      const update: Record<string, unknown> = {};
      if (changes.name !== undefined) update.name = changes.name;
      if (changes.officeRegion !== undefined) update.region = changes.officeRegion;
      if (changes.isVirtual !== undefined) update.is_virtual = changes.isVirtual;
      if (Object.keys(update).length > 0) await trx('locations').where({ location_id: locationId }).update(update);
      return;
    }
    case 'LocationDeleted':
      await trx('locations').where({ location_id: event.data.locationId }).update({ deleted: true });
      return;
    case 'ServiceCreated': {
      const { serviceId, fields } = event.data;
      await trx('services')
        .insert({ service_id: serviceId, name: fields.title, is_public: fields.isPublic })
        .onConflict('service_id')
        .merge();
      return setServiceCalendars(trx, serviceId, fields.calendarIds);
    }
    case 'ServiceUpdated': {
      const { serviceId, changes } = event.data;
      const update: Record<string, unknown> = {};
      if (changes.title !== undefined) update.name = changes.title;
      if (changes.isPublic !== undefined) update.is_public = changes.isPublic;
      if (Object.keys(update).length > 0) await trx('services').where({ service_id: serviceId }).update(update);
      if (changes.calendarIds) await setServiceCalendars(trx, serviceId, changes.calendarIds);
      return;
    }
    case 'ServiceDeleted':
      await trx('services').where({ service_id: event.data.serviceId }).update({ deleted: true });
      return;
    default:
      return assertNever(event);
  }
}

async function setServiceCalendars(trx: Knex.Transaction, serviceId: number, calendarIds: number[]): Promise<void> {
  await trx('service_calendars').where({ service_id: serviceId }).delete();
  const unique = [...new Set(calendarIds)];
  if (unique.length > 0)
    await trx('service_calendars').insert(
      unique.map((calendarId) => ({ service_id: serviceId, calendar_id: calendarId })),
    );
}

/** Course fill: a series' capacity and the spots its current registrations take, recounted from them. */
export async function applySeries(trx: Knex.Transaction, event: GroupSessionSeriesEvent): Promise<void> {
  switch (event.type) {
    case 'GroupSessionSeriesCreated': {
      const { seriesId, calendarId, sessionDates, spots, at } = event.data;
      const dates = sessionDates.map((session) => session.date).sort();
      await trx('series')
        .insert({
          series_id: seriesId,
          calendar_id: calendarId,
          first_date: dates[0] ?? null,
          last_date: dates.at(-1) ?? null,
          sessions: dates.length,
          capacity: spots,
          created_at: at,
        })
        .onConflict('series_id')
        .merge(['first_date', 'last_date', 'sessions', 'capacity']);
      return;
    }
    case 'ClientRegistered': {
      const { seriesId, calendarId, appointmentId, spots, appointment, at } = event.data;
      const series = await trx('series')
        .where({ series_id: seriesId })
        .first<{ first_date: string | null } | undefined>(trx.raw('first_date::text as first_date'));
      const figures = clientFigures(appointment, series?.first_date ?? at.slice(0, 10));
      await trx('registrations')
        .insert({
          appointment_id: appointmentId,
          series_id: seriesId,
          calendar_id: calendarId,
          spots,
          clients: figures.clients,
          age_bands: figures.ageBands,
          registered_at: at,
        })
        .onConflict('appointment_id')
        .ignore();
      return recount(trx, seriesId);
    }
    case 'ClientUnregistered':
      await trx('registrations')
        .where({ appointment_id: event.data.appointmentId })
        .whereNull('unregistered_at')
        .update({ unregistered_at: event.data.at });
      return recount(trx, event.data.seriesId);
    case 'SpotsHeld':
    case 'SpotsReleased':
      return;
    default:
      return assertNever(event);
  }
}

async function recount(trx: Knex.Transaction, seriesId: number): Promise<void> {
  await trx.raw(
    `update series s set
       registered = (select coalesce(sum(r.spots), 0) from registrations r
                      where r.series_id = s.series_id and r.unregistered_at is null),
       registrations = (select count(*) from registrations r where r.series_id = s.series_id and r.unregistered_at is null)
     where s.series_id = ?`,
    [seriesId],
  );
}
