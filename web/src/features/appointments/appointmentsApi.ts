import { api } from '../../shared/api';
import type {
  Appointment,
  AppointmentChangeBody,
  HistoryEntry,
  LockAnswer,
  LockRequest,
  NewAppointmentBody,
} from './types';

/** Every change of an appointment or a lock changes the day's timeslots and the Calendar Overview's figures. */
const changed = ['appointments', 'calendarDates', 'dashboard'] as const;

/**
 * §7 Appointments and locks for staff: one appointment, its creation, change (with the version loaded), deletion and
 * history, and the staff lock on a slot with its release.
 */
export const appointmentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAppointment: build.query<Appointment, number>({
      query: (id) => `appointments/${id}`,
      keepUnusedDataFor: 0,
      providesTags: (_result, _error, id) => [{ type: 'appointments', id }],
    }),
    getAppointmentHistory: build.query<HistoryEntry[], number>({
      query: (id) => `appointments/${id}/history`,
      transformResponse: (answer: { items: HistoryEntry[] }) => answer.items,
      keepUnusedDataFor: 0,
      providesTags: ['appointments'],
    }),
    /** Sent with an Idempotency-Key, so that a retry of the same request answers the appointment it booked. */
    createAppointment: build.mutation<Appointment, { body: NewAppointmentBody; idempotencyKey: string }>({
      query: ({ body, idempotencyKey }) => ({
        url: 'appointments',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: [...changed],
    }),
    updateAppointment: build.mutation<Appointment, { id: number; body: AppointmentChangeBody }>({
      query: ({ id, body }) => ({ url: `appointments/${id}`, method: 'PUT', body }),
      invalidatesTags: [...changed],
    }),
    /** `notifyClient`: a cancellation notice to the client (issue 19). */
    deleteAppointment: build.mutation<{ deleted: boolean }, { id: number; notifyClient: boolean }>({
      query: ({ id, notifyClient }) => ({ url: `appointments/${id}?notifyClient=${notifyClient}`, method: 'DELETE' }),
      invalidatesTags: [...changed, 'waitlist'], // the time freed may be offered to the first on the date's waitlist
    }),
    lockSlot: build.mutation<LockAnswer, LockRequest>({
      query: (body) => ({ url: 'locks', method: 'POST', body }),
      invalidatesTags: ['calendarDates'],
    }),
    unlockSlot: build.mutation<{ released: boolean }, string>({
      query: (token) => ({ url: `public/locks/${encodeURIComponent(token)}`, method: 'DELETE' }),
      invalidatesTags: ['calendarDates'],
    }),
  }),
});

export const {
  useGetAppointmentQuery,
  useGetAppointmentHistoryQuery,
  useCreateAppointmentMutation,
  useUpdateAppointmentMutation,
  useDeleteAppointmentMutation,
  useLockSlotMutation,
  useUnlockSlotMutation,
  useLazyGetAppointmentQuery,
} = appointmentsApi;
