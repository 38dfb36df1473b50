import type { RetryRecipient } from '../../commands/messages/retry';
import type { AppointmentRecord } from '../../projections/appointments/queries';
import { phoneReminderTarget, type MessageChannel } from '../../domain/messages/message';

/**
 * Where a retried message goes now, from the appointment as it is: its e-mail for an e-mail, the number its phone
 * reminder type names for a text or a call (none when that number is marked do not call). Null when there is none.
 */
export function currentRecipient(appointment: AppointmentRecord, channel: MessageChannel): RetryRecipient | null {
  const recipient = channel === 'email' ? appointment.email.trim() : phoneNumberOf(appointment, channel);
  if (!recipient) return null;
  return {
    recipient,
    clientNames: appointment.clientData.map(({ firstName, lastName, preferredName }) => ({
      firstName,
      lastName,
      preferredName: preferredName ?? '',
    })),
    confirmationCode: appointment.confirmationCode,
  };
}

function phoneNumberOf(appointment: AppointmentRecord, channel: 'sms' | 'voice'): string {
  const target = phoneReminderTarget(appointment.phoneReminderType);
  // a phone reminder type since changed to another channel (or none) no longer asks for this one
  if (!target || target.channel !== channel) return '';
  switch (target.number) {
    case 'primary':
      return appointment.phoneDoNotCall ? '' : appointment.phone.trim();
    case 'secondary':
      return appointment.phoneAltDoNotCall ? '' : appointment.phoneAlt.trim();
    case 'custom':
      return appointment.phoneReminderCustom.trim();
  }
}
