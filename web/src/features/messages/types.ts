import type { z } from 'zod';
import type { listedMessage, messageList, retriedMessage } from '../../../../api/messages/schemas';
import { MESSAGE_STATUSES } from '../../../../domain/messages/message';

/** GET /api/messages and POST /api/messages/{id}/retry, inferred from the API's own schemas (types only). */
export type ListedMessage = z.infer<typeof listedMessage>;
export type MessageList = z.infer<typeof messageList>;
export type RetriedMessage = z.infer<typeof retriedMessage>;
export type MessageStatus = ListedMessage['status'];

export const STATUSES: readonly MessageStatus[] = MESSAGE_STATUSES;

/** What the screen asks for: a day, or one appointment's messages; a status or all; a page. */
export interface MessagesRequest {
  date: string;
  appointmentId?: number;
  status?: MessageStatus;
  page: number;
}
