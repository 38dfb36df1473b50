import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/**
 * The one RTK Query API of the web app. It has no endpoints of its own: each feature injects its endpoints
 * (`api.injectEndpoints`) in `features/<name>/<name>Api.ts`. Tags are named after the read models the
 * endpoints read; mutations invalidate them.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: '/api' }),
  tagTypes: ['services'],
  endpoints: () => ({}),
});
