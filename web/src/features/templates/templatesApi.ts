import { api } from '../../shared/api';
import type { Template, TemplateBody, TemplateDeleted, TemplateList, TemplateSaved, TemplateSummary } from './types';

/** GET/POST /api/templates and GET/PUT/DELETE /api/templates/{id} (§7), all on the `templates` read model. */
export const templatesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTemplates: build.query<TemplateSummary[], void>({
      query: () => 'templates',
      transformResponse: (answer: TemplateList) => answer.items,
      providesTags: ['templates'],
    }),
    getTemplate: build.query<Template, number>({
      query: (id) => `templates/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'templates', id }],
    }),
    createTemplate: build.mutation<TemplateSaved, TemplateBody>({
      query: (body) => ({ url: 'templates', method: 'POST', body }),
      invalidatesTags: ['templates'],
    }),
    updateTemplate: build.mutation<TemplateSaved, { id: number; body: TemplateBody }>({
      query: ({ id, body }) => ({ url: `templates/${id}`, method: 'PUT', body }),
      invalidatesTags: ['templates'],
    }),
    deleteTemplate: build.mutation<TemplateDeleted, number>({
      query: (id) => ({ url: `templates/${id}`, method: 'DELETE' }),
      invalidatesTags: ['templates'],
    }),
  }),
});

export const {
  useGetTemplatesQuery,
  useGetTemplateQuery,
  useCreateTemplateMutation,
  useUpdateTemplateMutation,
  useDeleteTemplateMutation,
} = templatesApi;
