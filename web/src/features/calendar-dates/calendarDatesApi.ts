import { api } from '../../shared/api';
import type {
  BatchAddBody,
  BatchCopyBody,
  BatchDeleted,
  BatchDeleteBody,
  BatchModifyBody,
  BatchMoveBody,
  CalendarDate,
  CalendarDateBody,
  CalendarDateList,
} from './types';

export interface DatesRange {
  calendarId: number;
  startDate: string;
  endDate: string;
}

export interface OneDate {
  calendarId: number;
  date: string;
  timeslots?: boolean;
}

type Items = { items: CalendarDate[] };
const changed = ['calendarDates', 'dashboard'] as const;

/**
 * §7 Calendars and dates (the calendar itself comes from calendarsApi's getCalendar): a calendar's dates over a range, one
 * date (with its timeslots when asked), and the single and batch changes. Queries provide `calendarDates`; every
 * change invalidates it and the dashboard, which shows the same dates.
 */
export const calendarDatesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCalendarDates: build.query<CalendarDate[], DatesRange>({
      query: ({ calendarId, startDate, endDate }) =>
        `calendars/${calendarId}/dates?${new URLSearchParams({ startDate, endDate }).toString()}`,
      transformResponse: (answer: CalendarDateList) => answer.items,
      providesTags: ['calendarDates'],
    }),
    getCalendarDate: build.query<CalendarDate, OneDate>({
      query: ({ calendarId, date, timeslots }) =>
        `calendars/${calendarId}/dates/${date}${timeslots ? '?timeslots=1' : ''}`,
      providesTags: ['calendarDates'],
    }),
    updateCalendarDate: build.mutation<CalendarDate, { calendarId: number; date: string; body: CalendarDateBody }>({
      query: ({ calendarId, date, body }) => ({ url: `calendars/${calendarId}/dates/${date}`, method: 'PUT', body }),
      invalidatesTags: [...changed],
    }),
    addCalendarDates: build.mutation<Items, { calendarId: number; body: BatchAddBody }>({
      query: ({ calendarId, body }) => ({ url: `batch/calendars/${calendarId}/dates`, method: 'POST', body }),
      invalidatesTags: [...changed],
    }),
    copyCalendarDate: build.mutation<Items, { calendarId: number; body: BatchCopyBody }>({
      query: ({ calendarId, body }) => ({ url: `batch/calendars/${calendarId}/dates`, method: 'POST', body }),
      invalidatesTags: [...changed],
    }),
    modifyCalendarDates: build.mutation<Items, { calendarId: number; body: BatchModifyBody }>({
      query: ({ calendarId, body }) => ({ url: `batch/calendars/${calendarId}/dates`, method: 'PUT', body }),
      invalidatesTags: [...changed],
    }),
    deleteCalendarDates: build.mutation<BatchDeleted, { calendarId: number; body: BatchDeleteBody }>({
      query: ({ calendarId, body }) => ({ url: `batch/calendars/${calendarId}/dates`, method: 'DELETE', body }),
      invalidatesTags: [...changed],
    }),
    moveCalendarDates: build.mutation<Items, { calendarId: number; body: BatchMoveBody }>({
      query: ({ calendarId, body }) => ({ url: `batch/calendars/${calendarId}/dates/patch`, method: 'PUT', body }),
      invalidatesTags: [...changed],
    }),
  }),
});

export const {
  useGetCalendarDatesQuery,
  useGetCalendarDateQuery,
  useUpdateCalendarDateMutation,
  useAddCalendarDatesMutation,
  useCopyCalendarDateMutation,
  useModifyCalendarDatesMutation,
  useDeleteCalendarDatesMutation,
  useMoveCalendarDatesMutation,
} = calendarDatesApi;
