import { createApi } from '@reduxjs/toolkit/query/react';
import { authBaseQuery } from './baseQuery';

/**
 * The one RTK Query API of the web app. It has no endpoints of its own: each feature injects its endpoints
 * (`api.injectEndpoints`) in `features/<name>/<name>Api.ts`. Tags are named after the read models the
 * endpoints read; mutations invalidate them. The base query adds the bearer token of the signed-in user (§7).
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: authBaseQuery,
  tagTypes: [
    'services',
    'users',
    'me',
    'calendars',
    'categories',
    'locations',
    'templates',
    'calendarDates',
    'dashboard',
    'groupSessionSeries',
    'appointments',
    'requestForms',
    'statistics',
    'messages',
    'waitlist',
  ],
  endpoints: () => ({}),
});
