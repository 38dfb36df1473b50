import type { AppointmentDetails } from '../appointments/appointment';
import { phoneReminderTarget } from './message';

export type PhoneReminderChoice =
  { channel: 'sms' | 'voice'; recipient: string } | { channel: 'sms' | 'voice'; skipped: string };

export const NO_PHONE_NUMBER = 'no phone number for the chosen reminder';
export const DO_NOT_CALL = 'the number is marked do not call';

type PhoneDetails = Pick<
  AppointmentDetails,
  'phoneReminderType' | 'phone' | 'phoneDoNotCall' | 'phoneAlt' | 'phoneAltDoNotCall' | 'phoneReminderCustom'
>;

/**
 * Where the client asked for a text or call reminder (§3 phoneReminderType): the number, or why it is skipped (no
 * such number, or it is marked do not call; a custom number has no such mark); null when they asked for none.
 */
export function phoneReminderChoice(details: PhoneDetails): PhoneReminderChoice | null {
  const target = phoneReminderTarget(details.phoneReminderType);
  if (!target) return null;
  const [number, doNotCall] =
    target.number === 'primary'
      ? [details.phone, details.phoneDoNotCall]
      : target.number === 'secondary'
        ? [details.phoneAlt, details.phoneAltDoNotCall]
        : [details.phoneReminderCustom, false];
  const recipient = number.trim();
  if (!recipient) return { channel: target.channel, skipped: NO_PHONE_NUMBER };
  if (doNotCall) return { channel: target.channel, skipped: DO_NOT_CALL };
  return { channel: target.channel, recipient };
}
