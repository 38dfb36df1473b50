import { api } from '../../shared/api';
import type { Location, LocationBody, LocationDeleted, LocationList, LocationSaved } from './types';

/** GET/POST /api/locations and GET/PUT/DELETE /api/locations/{id} (§7), all on the `locations` read model. */
export const locationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLocations: build.query<Location[], void>({
      query: () => 'locations',
      transformResponse: (answer: LocationList) => answer.items,
      providesTags: ['locations'],
    }),
    getLocation: build.query<Location, number>({
      query: (id) => `locations/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'locations', id }],
    }),
    createLocation: build.mutation<LocationSaved, LocationBody>({
      query: (body) => ({ url: 'locations', method: 'POST', body }),
      invalidatesTags: ['locations'],
    }),
    // A location's name and address show in the calendars' read model too.
    updateLocation: build.mutation<LocationSaved, { id: number; body: LocationBody }>({
      query: ({ id, body }) => ({ url: `locations/${id}`, method: 'PUT', body }),
      invalidatesTags: ['locations', 'calendars'],
    }),
    deleteLocation: build.mutation<LocationDeleted, number>({
      query: (id) => ({ url: `locations/${id}`, method: 'DELETE' }),
      invalidatesTags: ['locations'],
    }),
  }),
});

export const {
  useGetLocationsQuery,
  useGetLocationQuery,
  useCreateLocationMutation,
  useUpdateLocationMutation,
  useDeleteLocationMutation,
} = locationsApi;
