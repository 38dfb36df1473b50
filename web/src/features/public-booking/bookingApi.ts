import { api } from '../../shared/api';
import type { LockAnswer, LockRequest, PublicAppointmentPayload, PublicDate, PublicSession } from './types';

/**
 * The public booking calls (§7 Public). Availability is never cached across visits (`keepUnusedDataFor: 0`) and
 * every lock or booking invalidates it, so that the lists the visitor sees are as fresh as a reload.
 */
export const bookingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getServiceDates: build.query<PublicDate[], { serviceId: number; calendarId: number; duration: number }>({
      query: ({ serviceId, calendarId, duration }) => ({
        url: `public/services/${serviceId}/calendar/${calendarId}/dates`,
        params: { duration },
      }),
      transformResponse: (answer: { items: PublicDate[] }) => answer.items,
      keepUnusedDataFor: 0,
      providesTags: ['calendarDates'],
    }),
    getServiceSessions: build.query<PublicSession[], { serviceId: number; calendarId: number; spots: number }>({
      query: ({ serviceId, calendarId, spots }) => ({
        url: `public/services/${serviceId}/calendar/${calendarId}/sessions`,
        params: { spots },
      }),
      transformResponse: (answer: { items: PublicSession[] }) => answer.items,
      keepUnusedDataFor: 0,
      providesTags: ['groupSessionSeries'],
    }),
    createPublicLock: build.mutation<LockAnswer, LockRequest>({
      query: (body) => ({ url: 'public/locks', method: 'POST', body }),
      invalidatesTags: ['calendarDates', 'groupSessionSeries'],
    }),
    releasePublicLock: build.mutation<{ released: boolean }, string>({
      query: (token) => ({ url: `public/locks/${encodeURIComponent(token)}`, method: 'DELETE' }),
      invalidatesTags: ['calendarDates', 'groupSessionSeries'],
    }),
    /** Sent with an Idempotency-Key, so that a retry of the same request answers the booking it made. */
    bookPublicAppointment: build.mutation<
      { confirmationCode: string },
      { body: PublicAppointmentPayload; idempotencyKey: string }
    >({
      query: ({ body, idempotencyKey }) => ({
        url: 'public/appointments',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: ['calendarDates', 'groupSessionSeries'],
    }),
  }),
});

export const {
  useGetServiceDatesQuery,
  useGetServiceSessionsQuery,
  useCreatePublicLockMutation,
  useReleasePublicLockMutation,
  useBookPublicAppointmentMutation,
} = bookingApi;
