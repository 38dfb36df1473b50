import { api } from '../../shared/api';
import type { Category, CategoryBody, CategoryDeleted, CategoryList, CategorySaved } from './types';

/** GET/POST /api/categories and GET/PUT/DELETE /api/categories/{id} (§7), all on the `categories` read model. */
export const categoriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCategories: build.query<Category[], void>({
      query: () => 'categories',
      transformResponse: (answer: CategoryList) => answer.items,
      providesTags: ['categories'],
    }),
    getCategory: build.query<Category, number>({
      query: (id) => `categories/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'categories', id }],
    }),
    createCategory: build.mutation<CategorySaved, CategoryBody>({
      query: (body) => ({ url: 'categories', method: 'POST', body }),
      invalidatesTags: ['categories'],
    }),
    // A category's name shows in the calendars' read model too.
    updateCategory: build.mutation<CategorySaved, { id: number; body: CategoryBody }>({
      query: ({ id, body }) => ({ url: `categories/${id}`, method: 'PUT', body }),
      invalidatesTags: ['categories', 'calendars'],
    }),
    deleteCategory: build.mutation<CategoryDeleted, number>({
      query: (id) => ({ url: `categories/${id}`, method: 'DELETE' }),
      invalidatesTags: ['categories'],
    }),
  }),
});

export const {
  useGetCategoriesQuery,
  useGetCategoryQuery,
  useCreateCategoryMutation,
  useUpdateCategoryMutation,
  useDeleteCategoryMutation,
} = categoriesApi;
