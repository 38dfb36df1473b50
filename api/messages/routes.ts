import { recipientHint } from '../../commands/messages/recipient-hint';
import { retryMessage, messageToRetry } from '../../commands/messages/retry';
import { addDays, instantOf, todayIn } from '../../domain/shared/plain-date';
import { findAppointment } from '../../projections/appointments/queries';
import { listMessages } from '../../projections/messages/queries';
import { DomainError } from '../../domain/shared/decider';
import { ADMINISTRATORS } from '../access-groups';
import { recordAccess } from '../access-log/record';
import { defineRoute } from '../routing';
import { currentRecipient } from './recipient';
import { messageIdParams, messageList, messagesQuery, MESSAGES_PAGE_SIZE, retriedMessage } from './schemas';

/**
 * Issue 19 item 4, for administrators: the reminders, notices and confirmations of a day or of an appointment, and
 * Retry of a failed reminder or notice.
 */
export const messageRoutes = [
  defineRoute({
    method: 'get',
    path: '/messages',
    summary:
      'Messages to clients (reminders, notices, confirmations) of a day or of an appointment, by the time they were sent or are due',
    tag: 'messages',
    access: ADMINISTRATORS,
    query: messagesQuery,
    response: messageList,
    async handler({ query, viewer, ctx, dependencies }) {
      const zone = dependencies.config.unitTimezone;
      const date = query.date ?? (query.appointmentId === undefined ? todayIn(zone, dependencies.now()) : undefined);
      const { items, total } = await listMessages(dependencies.knex, {
        between:
          date === undefined
            ? undefined
            : { from: instantOf(date, '00:00:00', zone), to: instantOf(addDays(date, 1), '00:00:00', zone) },
        appointmentId: query.appointmentId,
        status: query.status,
        page: query.page,
        pageSize: MESSAGES_PAGE_SIZE,
      });
      // the list names appointments and (masked) how to reach their clients
      recordAccess(
        { viewer, ctx, dependencies },
        'messages',
        items.map((item) => item.appointmentId),
        {
          date: date ?? null,
          appointmentId: query.appointmentId ?? null,
          status: query.status ?? null,
        },
      );
      return {
        items: items.map((item) => ({
          ...item,
          // masked as the appointment's history shows where a message went
          recipient: item.recipient ? recipientHint(item.channel, item.recipient) : null,
          retryable: item.kind !== 'confirmation' && item.status === 'failed',
        })),
        total,
        pages: Math.ceil(total / MESSAGES_PAGE_SIZE),
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/messages/:id/retry',
    summary:
      'Sends a failed reminder or notice again: pending, due now, with its full tries, to the appointment’s contact details as they are now',
    tag: 'messages',
    access: ADMINISTRATORS,
    params: messageIdParams,
    response: retriedMessage,
    async handler({ params, viewer, ctx, dependencies }) {
      const { knex } = dependencies;
      const found = await messageToRetry(knex, params.id);
      if (!found) throw new DomainError('MESSAGE_NOT_FOUND', `There is no message ${params.id}.`);
      if (found.status !== 'failed')
        throw new DomainError(
          'MESSAGE_NOT_FAILED',
          `Message ${params.id} is ${found.status}: only a failed one is retried.`,
        );
      const appointment = await findAppointment(knex, found.appointmentId);
      const recipient = appointment ? currentRecipient(appointment, found.channel) : null;
      // an appointment still there but with no address or number for the channel now: nobody to send it to
      if (appointment && !recipient)
        throw new DomainError('MESSAGE_RECIPIENT_UNKNOWN', `Appointment ${found.appointmentId} has no recipient now.`);
      const now = dependencies.now();
      const retried = await retryMessage(knex, params.id, now, recipient);
      recordAccess({ viewer, ctx, dependencies }, 'message.retry', [retried.appointmentId], {
        messageId: retried.id,
        kind: retried.kind,
        channel: retried.channel,
      });
      return { id: retried.id, status: 'pending' as const, dueAt: now.toISOString() };
    },
  }),
];
