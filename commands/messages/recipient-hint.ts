import type { MessageChannel } from '../../domain/messages/message';

/**
 * Where a message went, masked for the appointment's history: an address's first character and its domain
 * (`j…@example.org`), a number's last four digits (`…0123`). Never the whole address or number.
 */
export function recipientHint(channel: MessageChannel, recipient: string): string {
  if (channel === 'email') {
    const at = recipient.lastIndexOf('@');
    return at > 0 ? `${recipient[0]}…${recipient.slice(at)}` : '…';
  }
  const digits = recipient.replace(/\D/g, '');
  return `…${digits.slice(-4)}`;
}
