import { api } from '../../app/api';
import type { Calendar, CalendarFilter, CalendarList, CalendarUser, CalendarUserList, CalendarUsersBody, CalendarUsersChanged } from './types';

function calendarsQuery({ enabled, excludeGroupSessions }: CalendarFilter): string {
  const flags = new URLSearchParams();
  if (enabled) flags.set('enabled', '1');
  if (excludeGroupSessions) flags.set('excludeGroupSessions', '1');
  const search = flags.toString();
  return search === '' ? 'calendars' : `calendars?${search}`;
}

/**
 * GET /api/calendars (a Basic User gets the enabled calendars they may access) and the access of staff users to
 * one calendar. Who may access a calendar is part of the users read model: hence the `users` tag.
 */
export const calendarsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCalendars: build.query<Calendar[], CalendarFilter | void>({
      query: (filter) => calendarsQuery(filter ?? {}),
      transformResponse: (answer: CalendarList) => answer.items,
      providesTags: ['calendars'],
    }),
    getCalendarUsers: build.query<CalendarUser[], number>({
      query: (id) => `calendars/${id}/users`,
      transformResponse: (answer: CalendarUserList) => answer.items,
      providesTags: ['users'],
    }),
    /** The full set of non-administrators who should have access; every other one loses it. */
    setCalendarUsers: build.mutation<CalendarUsersChanged, { id: number; body: CalendarUsersBody }>({
      query: ({ id, body }) => ({ url: `calendars/${id}/users`, method: 'PUT', body }),
      invalidatesTags: ['users'],
    }),
  }),
});

export const { useGetCalendarsQuery, useGetCalendarUsersQuery, useSetCalendarUsersMutation } = calendarsApi;
