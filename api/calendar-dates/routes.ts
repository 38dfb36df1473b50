import type { Knex } from 'knex';
import {
  addDates,
  copyDate,
  deleteDates,
  modifyDates,
  moveDates,
  updateDate,
} from '../../commands/calendar-dates/handlers';
import { laneOccupations } from '../../domain/calendar-dates/holdings';
import { laneTimeslots, type Occupation } from '../../domain/calendar-dates/timeslots';
import { appointmentsOnDate, historiesOf } from '../../projections/appointments/queries';
import { appointmentsWithFailedMessages } from '../../projections/messages/queries';
import {
  findCalendarDate,
  listCalendarDates,
  listSeries,
  type CalendarDateRecord,
} from '../../projections/calendar-dates/queries';
import { holdingsOfDate } from '../../projections/calendar-dates/holding-rows';
import { ADMINISTRATORS, STAFF } from '../access-groups';
import { recordAccess } from '../access-log/record';
import { awaitReadModels, SCREEN_READ_MODELS } from '../await-read-models';
import { accessibleCalendar } from '../calendar-access';
import { withUnitTimeZone } from '../unit-time';
import { calendarIdParams } from '../calendars/schemas';
import type { AppDependencies } from '../dependencies';
import { HttpError } from '../middleware/errors';
import { defineRoute } from '../routing';
import { staffContext } from '../staff-context';
import {
  batchCreateBody,
  batchDeleteBody,
  batchDeleted,
  batchModifyPutBody,
  batchMoveBody,
  calendarDatePutBody,
  calendarDateList,
  calendarDateParams,
  calendarDateQuery,
  calendarDateResponse,
  calendarDatesQuery,
  seriesList,
  seriesParams,
  seriesResponse,
} from './schemas';

async function existingDate(dependencies: AppDependencies, calendarId: number, date: string) {
  const found = await findCalendarDate(dependencies.knex, calendarId, date);
  if (!found) throw new HttpError(404, 'CALENDAR_DATE_NOT_FOUND', `There is no calendar date on ${date}.`);
  return found;
}

/**
 * The timeslots of each lane, from the read model's lanes, bookings and the locks still live at `now`; a booked slot
 * shows its appointment's clients, phone and history (§3 Timeslot), and whether a message to its client failed.
 */
async function withTimeslots(knex: Knex, date: CalendarDateRecord, now: string, shown: (ids: number[]) => void) {
  const [appointments, holdings] = await Promise.all([
    appointmentsOnDate(knex, date.calendarId, date.date),
    holdingsOfDate(knex, date.calendarId, date.date),
  ]);
  const [histories, messageFailures] = await Promise.all([
    historiesOf(knex, [...appointments.keys()]),
    appointmentsWithFailedMessages(knex, [...appointments.keys()]),
  ]);
  const detailed = (occupation: Occupation): Occupation => {
    const appointment = occupation.appointmentId === undefined ? undefined : appointments.get(occupation.appointmentId);
    if (!appointment) return occupation;
    // Object.assign here and for each slot below: a spread plus new fields costs microseconds an object in this
    // Node's V8, and a busy day has hundreds of appointments and over a thousand slots.
    return Object.assign({}, occupation, {
      clients: appointment.clientData.map((client) => ({
        name: `${client.firstName} ${client.lastName}`,
        dateOfBirth: client.dateOfBirth ?? null,
        attendance: client.attendance ?? null,
        room: client.room ?? null,
      })),
      phone: appointment.phone,
      history: (histories.get(appointment.id) ?? []).map(({ updatedBy, updatedAt, action }) => ({
        updatedBy,
        updatedAt,
        action,
      })),
    });
  };
  const answer = {
    ...date,
    lanes: date.lanes.map((lane) => ({
      ...lane,
      timeslots: laneTimeslots(lane, laneOccupations(holdings, lane.id, now).map(detailed)).map((slot) =>
        Object.assign({}, slot, {
          messageFailed: slot.appointmentId !== null && messageFailures.has(slot.appointmentId),
        }),
      ),
    })),
  };
  shown([...appointments.keys()]);
  return answer;
}

async function datesAfterWrite(dependencies: AppDependencies, calendarId: number, dates: string[]) {
  if (dates.length === 0) return { items: [] };
  const sorted = [...dates].sort();
  const wanted = new Set(sorted);
  const items = await listCalendarDates(dependencies.knex, calendarId, {
    startDate: sorted[0]!,
    endDate: sorted[sorted.length - 1]!,
  });
  return { items: items.filter((item) => wanted.has(item.date)) };
}

export const calendarDateRoutes = [
  defineRoute({
    method: 'get',
    path: '/calendars/:id/dates',
    summary: 'Calendar dates between two dates, with their statistics',
    tag: 'calendar dates',
    access: STAFF,
    params: calendarIdParams,
    query: calendarDatesQuery,
    response: calendarDateList,
    async handler({ params, query, viewer, dependencies }) {
      await accessibleCalendar(dependencies.knex, viewer, params.id);
      if (query.endDate < query.startDate) return { items: [] };
      return { items: await listCalendarDates(dependencies.knex, params.id, query) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/calendars/:id/dates/:date',
    summary: 'One calendar date; with timeslots=1 each lane carries its timeslots',
    tag: 'calendar dates',
    access: STAFF,
    params: calendarDateParams,
    query: calendarDateQuery,
    response: calendarDateResponse,
    async handler({ params, query, viewer, ctx, dependencies }) {
      await accessibleCalendar(dependencies.knex, viewer, params.id);
      const date = await existingDate(dependencies, params.id, params.date);
      if (!query.timeslots) return date;
      // The day view: each booked slot shows its clients, so the day's appointments are recorded as seen.
      return withTimeslots(dependencies.knex, date, dependencies.now().toISOString(), (ids) =>
        recordAccess({ viewer, ctx, dependencies }, 'dayView', ids, { calendarId: params.id, date: params.date }),
      );
    },
  }),
  defineRoute({
    method: 'put',
    path: '/calendars/:id/dates/:date',
    summary:
      'Set the enabled flag and lanes of one calendar date; takes back what GET answered (its id, figures and timeslots are ignored)',
    tag: 'calendar dates',
    access: ADMINISTRATORS,
    params: calendarDateParams,
    body: calendarDatePutBody,
    response: calendarDateResponse,
    async handler({ params, body, viewer, ctx, dependencies }) {
      await existingDate(dependencies, params.id, params.date);
      const { append } = await updateDate(
        withUnitTimeZone(dependencies),
        params.id,
        params.date,
        body,
        staffContext(viewer, ctx),
      );
      await awaitReadModels(dependencies, append, SCREEN_READ_MODELS.calendarDays);
      return existingDate(dependencies, params.id, params.date);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/batch/calendars/:id/dates',
    summary:
      'Add dates with lanes, or copy one date onto others; on a group-session calendar the new dates are a new series with its deadline and spots',
    tag: 'calendar dates',
    access: ADMINISTRATORS,
    params: calendarIdParams,
    body: batchCreateBody,
    response: calendarDateList,
    successStatus: 201,
    async handler({ params, body, viewer, ctx, dependencies }) {
      const context = staffContext(viewer, ctx);
      const { dates, append } =
        'fromDate' in body
          ? await copyDate(withUnitTimeZone(dependencies), params.id, body, context)
          : await addDates(withUnitTimeZone(dependencies), params.id, body, context);
      await awaitReadModels(dependencies, append, SCREEN_READ_MODELS.calendarDays);
      return datesAfterWrite(dependencies, params.id, dates);
    },
  }),
  defineRoute({
    method: 'put',
    path: '/batch/calendars/:id/dates',
    summary:
      'Set the enabled flag and/or lanes of several dates; takes a date as GET answered it, with `dates` (its id, date, figures and timeslots are ignored)',
    tag: 'calendar dates',
    access: ADMINISTRATORS,
    params: calendarIdParams,
    body: batchModifyPutBody,
    response: calendarDateList,
    async handler({ params, body, viewer, ctx, dependencies }) {
      const { dates, append } = await modifyDates(
        withUnitTimeZone(dependencies),
        params.id,
        body,
        staffContext(viewer, ctx),
      );
      await awaitReadModels(dependencies, append, SCREEN_READ_MODELS.calendarDays);
      return datesAfterWrite(dependencies, params.id, dates);
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/batch/calendars/:id/dates',
    summary: 'Delete several dates, all or none',
    tag: 'calendar dates',
    access: ADMINISTRATORS,
    params: calendarIdParams,
    body: batchDeleteBody,
    response: batchDeleted,
    async handler({ params, body, viewer, ctx, dependencies }) {
      const { deleted, append } = await deleteDates(
        withUnitTimeZone(dependencies),
        params.id,
        body.dates,
        staffContext(viewer, ctx),
      );
      await awaitReadModels(dependencies, append, SCREEN_READ_MODELS.calendarDays);
      return { deleted };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/batch/calendars/:id/dates/patch',
    summary:
      'Move fromDates[i] to toDates[i], with everything each date holds; notifyClients e-mails their booked clients a notice',
    tag: 'calendar dates',
    access: ADMINISTRATORS,
    params: calendarIdParams,
    body: batchMoveBody,
    response: calendarDateList,
    async handler({ params, body, viewer, ctx, dependencies }) {
      const { dates, append } = await moveDates(
        withUnitTimeZone(dependencies),
        params.id,
        body.fromDates,
        body.toDates,
        staffContext(viewer, ctx),
        { notifyClients: body.notifyClients },
      );
      await awaitReadModels(dependencies, append, SCREEN_READ_MODELS.calendarDays);
      return datesAfterWrite(dependencies, params.id, dates);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/calendars/:id/group-session-series',
    summary: 'The group-session series of a calendar',
    tag: 'calendar dates',
    access: STAFF,
    params: calendarIdParams,
    response: seriesList,
    async handler({ params, viewer, dependencies }) {
      await accessibleCalendar(dependencies.knex, viewer, params.id);
      return { items: await listSeries(dependencies.knex, params.id) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/calendars/:id/group-session-series/:seriesId',
    summary: 'One group-session series with its session dates',
    tag: 'calendar dates',
    access: STAFF,
    params: seriesParams,
    response: seriesResponse,
    async handler({ params, viewer, dependencies }) {
      await accessibleCalendar(dependencies.knex, viewer, params.id);
      const [series] = await listSeries(dependencies.knex, params.id, params.seriesId);
      if (!series) throw new HttpError(404, 'SERIES_NOT_FOUND', 'There is no such series.');
      return series;
    },
  }),
];
