import { api } from '../../shared/api';
import type { Language } from '../../i18n/languages';
import type { PublicService, PublicServiceSummary } from '../public-booking';

export const servicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPublicServices: build.query<PublicServiceSummary[], Language>({
      query: (locale) => ({ url: 'public/services', params: { locale } }),
      transformResponse: (answer: { items: PublicServiceSummary[] }) => answer.items,
      providesTags: ['services'],
    }),
    getPublicService: build.query<PublicService, { id: number; locale: Language }>({
      query: ({ id, locale }) => ({ url: `public/services/${id}`, params: { locale } }),
      providesTags: (_result, _error, { id }) => [{ type: 'services', id }],
    }),
  }),
});

export const { useGetPublicServicesQuery, useGetPublicServiceQuery } = servicesApi;
