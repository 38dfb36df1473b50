import { api } from '../../shared/api';
import type {
  JoinWaitlistBody,
  WaitlistAddress,
  WaitlistEntry,
  WaitlistJoined,
  WaitlistOffer,
  WaitlistTargets,
} from './types';

/**
 * The waitlist's calls (issue 20 item 6): what the public may wait for, joining, opening an offer; the staff's
 * list of a series or a date and Remove. Public answers are never cached across visits, as the wizard's availability.
 */
export const waitlistApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWaitlistTargets: build.query<
      WaitlistTargets,
      { serviceId: number; calendarId: number; duration?: number; spots?: number }
    >({
      query: ({ serviceId, calendarId, duration, spots }) => ({
        url: `public/services/${serviceId}/calendar/${calendarId}/waitlist-targets`,
        params: { ...(duration !== undefined ? { duration } : {}), ...(spots !== undefined ? { spots } : {}) },
      }),
      keepUnusedDataFor: 0,
    }),
    joinWaitlist: build.mutation<WaitlistJoined, JoinWaitlistBody>({
      query: (body) => ({ url: 'public/waitlist', method: 'POST', body }),
    }),
    openWaitlistOffer: build.mutation<WaitlistOffer, string>({
      query: (offerToken) => ({ url: 'public/waitlist/offer', method: 'POST', body: { offerToken } }),
    }),
    getWaitlist: build.query<WaitlistEntry[], WaitlistAddress>({
      query: ({ calendarId, ...target }) => ({ url: `calendars/${calendarId}/waitlist`, params: target }),
      transformResponse: (answer: { items: WaitlistEntry[] }) => answer.items,
      providesTags: ['waitlist'],
    }),
    /** An entry offered a place gives it back: the next in line may be offered it, so the places refresh too. */
    removeWaitlistEntry: build.mutation<{ removed: true }, { calendarId: number; entryId: string }>({
      query: ({ calendarId, entryId }) => ({
        url: `calendars/${calendarId}/waitlist/${encodeURIComponent(entryId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['waitlist', 'calendarDates', 'groupSessionSeries', 'dashboard'],
    }),
  }),
});

export const {
  useGetWaitlistTargetsQuery,
  useJoinWaitlistMutation,
  useOpenWaitlistOfferMutation,
  useGetWaitlistQuery,
  useRemoveWaitlistEntryMutation,
} = waitlistApi;
