import type { TFunction } from 'i18next';
import type { HistoryEntry } from './types';

type HistoryMessage = NonNullable<HistoryEntry['message']>;

/**
 * Issue 19: a message to the client as its history entry reads, e.g. "Reminder by e-mail (2 days before) sent to
 * j…@example.org" or "Cancellation notice by e-mail to j…@example.org failed: …".
 */
export function messageText(t: TFunction, message: HistoryMessage): string {
  const kind = t(`appointments.history.message.kinds.${message.kind}`);
  const channel = t(`appointments.history.message.channels.${message.channel}`);
  const what =
    message.offsetDays === null
      ? t('appointments.history.message.what', { kind, channel })
      : t('appointments.history.message.whatBefore', {
          kind,
          channel,
          before: t('appointments.history.message.before', { count: message.offsetDays }),
        });
  return message.reason === null
    ? t('appointments.history.message.sent', { what, recipient: message.recipientHint })
    : t('appointments.history.message.failed', { what, recipient: message.recipientHint, reason: message.reason });
}
