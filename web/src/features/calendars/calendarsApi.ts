import { api } from '../../shared/api';
import type {
  Calendar,
  CalendarBody,
  CalendarFilter,
  CalendarList,
  CalendarUser,
  CalendarUserList,
  CalendarUsersBody,
  CalendarUsersChanged,
} from './types';

function calendarsQuery({ enabled, excludeGroupSessions, lanes }: CalendarFilter): string {
  const flags = new URLSearchParams();
  if (enabled) flags.set('enabled', '1');
  if (excludeGroupSessions) flags.set('excludeGroupSessions', '1');
  if (lanes) flags.set('lanes', '1');
  const search = flags.toString();
  return search === '' ? 'calendars' : `calendars?${search}`;
}

/**
 * GET /api/calendars (a Basic User gets the enabled calendars they may access), one calendar with its lanes, its
 * creation and change (§7 Calendars and dates), and the access of staff users to one calendar. Who may access a
 * calendar is part of the users read model: hence the `users` tag. A calendar's name and flags show on the
 * Calendar Overview too: saving one refreshes the `dashboard`.
 */
export const calendarsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCalendars: build.query<Calendar[], CalendarFilter | void>({
      query: (filter) => calendarsQuery(filter ?? {}),
      transformResponse: (answer: CalendarList) => answer.items,
      providesTags: ['calendars'],
    }),
    /** One calendar with its lanes, location and category. */
    getCalendar: build.query<Calendar, number>({
      query: (id) => `calendars/${id}?lanes=1`,
      providesTags: (_result, _error, id) => ['calendars', { type: 'calendars', id }],
    }),
    createCalendar: build.mutation<Calendar, CalendarBody>({
      query: (body) => ({ url: 'calendars', method: 'POST', body }),
      invalidatesTags: ['calendars', 'dashboard'],
    }),
    updateCalendar: build.mutation<Calendar, { id: number; body: CalendarBody }>({
      query: ({ id, body }) => ({ url: `calendars/${id}`, method: 'PUT', body }),
      invalidatesTags: ['calendars', 'dashboard'],
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

export const {
  useGetCalendarsQuery,
  useGetCalendarQuery,
  useCreateCalendarMutation,
  useUpdateCalendarMutation,
  useGetCalendarUsersQuery,
  useSetCalendarUsersMutation,
} = calendarsApi;
