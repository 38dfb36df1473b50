import { api } from '../../shared/api';
import type {
  RequestForm,
  RequestFormBody,
  RequestFormFulfilmentBody,
  RequestFormList,
  RequestTypeFilter,
} from './types';

/** §9: the list loads 25 requests at a time. */
export const PAGE_SIZE = 25;

function listQuery(requestType: RequestTypeFilter, offset: number): string {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(offset) });
  if (requestType) params.set('filters', JSON.stringify({ requestType }));
  return `request-forms?${params.toString()}`;
}

/**
 * §7 request-forms: the list (newest first, 25 a page, Load More fetching the next page), one request, its
 * submission, and its fulfilment by an administrator. All on the `requestForms` read model.
 */
export const requestFormsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRequestForms: build.infiniteQuery<RequestFormList, RequestTypeFilter, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (lastPage, _allPages, lastOffset) => {
          const loaded = lastOffset + lastPage.items.length;
          return lastPage.items.length > 0 && loaded < lastPage.total ? loaded : undefined;
        },
      },
      query: ({ queryArg, pageParam }) => listQuery(queryArg, pageParam),
      providesTags: ['requestForms'],
    }),
    getRequestForm: build.query<RequestForm, number>({
      query: (id) => `request-forms/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'requestForms', id }],
    }),
    createRequestForm: build.mutation<RequestForm, RequestFormBody>({
      query: (body) => ({ url: 'request-forms', method: 'POST', body }),
      invalidatesTags: ['requestForms'],
    }),
    fulfilRequestForm: build.mutation<unknown, { id: number; body: RequestFormFulfilmentBody }>({
      query: ({ id, body }) => ({ url: `request-forms/${id}/fulfilment`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { id }) => ['requestForms', { type: 'requestForms', id }],
    }),
  }),
});

export const {
  useGetRequestFormsInfiniteQuery,
  useGetRequestFormQuery,
  useCreateRequestFormMutation,
  useFulfilRequestFormMutation,
} = requestFormsApi;
