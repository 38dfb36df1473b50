import { api } from '../../../shared/api';
import type { Service, ServiceBody, ServiceDeleted, ServiceList } from './types';

/**
 * GET/POST /api/services and GET/PUT/DELETE /api/services/{id} (§7, System Administrators only), on the `services`
 * read model: a change also refreshes the public service list and pages, which provide the same tag.
 */
export const serviceAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getServices: build.query<Service[], void>({
      query: () => 'services',
      transformResponse: (answer: ServiceList) => answer.items,
      providesTags: ['services'],
    }),
    getService: build.query<Service, number>({
      query: (id) => `services/${id}`,
      providesTags: (_result, _error, id) => ['services', { type: 'services', id }],
    }),
    createService: build.mutation<Service, ServiceBody>({
      query: (body) => ({ url: 'services', method: 'POST', body }),
      invalidatesTags: ['services'],
    }),
    updateService: build.mutation<Service, { id: number; body: ServiceBody }>({
      query: ({ id, body }) => ({ url: `services/${id}`, method: 'PUT', body }),
      invalidatesTags: ['services'],
    }),
    deleteService: build.mutation<ServiceDeleted, number>({
      query: (id) => ({ url: `services/${id}`, method: 'DELETE' }),
      invalidatesTags: ['services'],
    }),
  }),
});

export const {
  useGetServicesQuery,
  useGetServiceQuery,
  useCreateServiceMutation,
  useUpdateServiceMutation,
  useDeleteServiceMutation,
} = serviceAdminApi;
