import { api } from '../../shared/api';
import type { Registration, RegistrationList, Series, SeriesAddress, SeriesList } from './types';

const seriesPath = ({ calendarId, seriesId }: SeriesAddress) =>
  `calendars/${calendarId}/group-session-series/${seriesId}`;

/**
 * §2.3 the staff's group sessions: a calendar's series, one series, its registrations, and Unregister
 * (administrators), which frees the spots at once, so it invalidates the series, the dates and the dashboard.
 */
export const groupSessionSeriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSeriesList: build.query<Series[], number>({
      query: (calendarId) => `calendars/${calendarId}/group-session-series`,
      transformResponse: (answer: SeriesList) => answer.items,
      providesTags: ['groupSessionSeries'],
    }),
    getSeries: build.query<Series, SeriesAddress>({
      query: seriesPath,
      providesTags: ['groupSessionSeries'],
    }),
    getRegistrations: build.query<Registration[], SeriesAddress>({
      query: (address) => `${seriesPath(address)}/registrations`,
      transformResponse: (answer: RegistrationList) => answer.items,
      providesTags: ['groupSessionSeries'],
    }),
    unregister: build.mutation<{ unregistered: boolean }, SeriesAddress & { appointmentId: number }>({
      query: ({ appointmentId, ...address }) => ({
        url: `${seriesPath(address)}/registrations/${appointmentId}`,
        method: 'DELETE',
      }),
      // the spots freed may be offered to the first on the series' waitlist
      invalidatesTags: ['groupSessionSeries', 'calendarDates', 'dashboard', 'waitlist'],
    }),
  }),
});

export const { useGetSeriesListQuery, useGetSeriesQuery, useGetRegistrationsQuery, useUnregisterMutation } =
  groupSessionSeriesApi;
