import { api } from '../../shared/api';
import type { MessageList, MessagesRequest, RetriedMessage } from './types';

/** The query string of GET /api/messages: an appointment's messages (all days), else the day's. */
export function messagesQueryString(request: MessagesRequest): string {
  const params = new URLSearchParams();
  if (request.appointmentId !== undefined) params.set('appointmentId', String(request.appointmentId));
  else params.set('date', request.date);
  if (request.status) params.set('status', request.status);
  if (request.page > 1) params.set('page', String(request.page));
  return params.toString();
}

/**
 * Issue 19 item 4 (administrators): the messages to clients of a day or of an appointment, and Retry of a failed
 * one. A retry changes the list and the day view's failure flags.
 */
export const messagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMessages: build.query<MessageList, MessagesRequest>({
      query: (request) => `messages?${messagesQueryString(request)}`,
      keepUnusedDataFor: 0,
      providesTags: ['messages'],
    }),
    retryMessage: build.mutation<RetriedMessage, number>({
      query: (id) => ({ url: `messages/${id}/retry`, method: 'POST' }),
      invalidatesTags: ['messages', 'calendarDates'],
    }),
  }),
});

export const { useGetMessagesQuery, useRetryMessageMutation } = messagesApi;
