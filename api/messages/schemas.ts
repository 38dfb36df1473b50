import { z } from 'zod';
import { MESSAGE_CHANNELS, MESSAGE_KINDS, MESSAGE_STATUSES } from '../../domain/messages/message';
import { plainDate } from '../calendar-dates/schemas';
import { recordIdParam } from '../shared-schemas';

export const MESSAGES_PAGE_SIZE = 100;

export const messagesQuery = z.strictObject({
  date: plainDate
    .optional()
    .describe(
      'Messages of this day in the unit’s time zone: sent that day, or (not sent) due that day. Today when neither this nor appointmentId is given',
    ),
  appointmentId: recordIdParam.optional().describe('Only the messages about this appointment'),
  status: z.enum(MESSAGE_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const messageIdParams = z.strictObject({ id: recordIdParam });

export const listedMessage = z.object({
  id: z.number().int().describe('The row of its queue: message_queue, or mail_queue for a confirmation'),
  kind: z.enum([...MESSAGE_KINDS, 'confirmation']),
  channel: z.enum(MESSAGE_CHANNELS),
  status: z.enum(MESSAGE_STATUSES),
  dueAt: z.string(),
  sentAt: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  appointmentId: z.number().int(),
  calendarId: z.number().int(),
  calendarName: z.string().nullable(),
  date: plainDate.nullable().describe('The appointment’s date the message is about (a moved notice: the new one)'),
  startTime: z.string().nullable(),
  offsetDays: z.number().int().nullable().describe('A reminder’s days before the appointment'),
  recipient: z
    .string()
    .nullable()
    .describe('Masked (j…@example.org, …0142); null once the message is done with and its recipient cleared'),
  retryable: z.boolean().describe('A failed reminder or notice, which POST /messages/{id}/retry sends again'),
});

export const messageList = z.object({
  items: z.array(listedMessage),
  total: z.number().int(),
  pages: z.number().int(),
});

export const retriedMessage = z.object({
  id: z.number().int(),
  status: z.literal('pending'),
  dueAt: z.string(),
});
