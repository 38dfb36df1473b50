import { api } from '../../shared/api';
import type { BookingCancelled, LookupRequest, ManagedBooking, RescheduleRequest, TokenRequest } from './types';

/**
 * Issue 20: the public finds, cancels and reschedules its own booking. Every call is a POST with the token in the
 * body, never in an address. A cancel or a move frees or takes times, so the availability lists are refetched.
 */
export const selfServiceApi = api.injectEndpoints({
  endpoints: (build) => ({
    lookUpOwnBooking: build.mutation<ManagedBooking, LookupRequest>({
      query: (body) => ({ url: 'public/appointment-lookup', method: 'POST', body }),
    }),
    openOwnBooking: build.mutation<ManagedBooking, TokenRequest>({
      query: (body) => ({ url: 'public/appointment', method: 'POST', body }),
    }),
    cancelOwnBooking: build.mutation<BookingCancelled, TokenRequest>({
      query: (body) => ({ url: 'public/appointment/cancel', method: 'POST', body }),
      invalidatesTags: ['calendarDates', 'groupSessionSeries'],
    }),
    rescheduleOwnBooking: build.mutation<ManagedBooking, RescheduleRequest>({
      query: (body) => ({ url: 'public/appointment/reschedule', method: 'POST', body }),
      invalidatesTags: ['calendarDates', 'groupSessionSeries'],
    }),
  }),
});

export const {
  useLookUpOwnBookingMutation,
  useOpenOwnBookingMutation,
  useCancelOwnBookingMutation,
  useRescheduleOwnBookingMutation,
} = selfServiceApi;
