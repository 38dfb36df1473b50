import type { AppointmentDetails } from '../../domain/appointments/appointment';
import { phoneReminderChoice, type PhoneReminderChoice } from '../../domain/messages/phone-reminder';

export interface ClientName {
  firstName: string;
  lastName: string;
  preferredName: string;
}

/** Where an appointment is (a registration: its series' first session), or nulls when it has no time yet. */
export interface Place {
  date: string | null;
  startTime: string | null;
  endTime: string | null;
}

/** What the scheduler keeps of an appointment (a `message_appointments` row): only what its messages need. */
export interface ScheduledAppointment extends Place {
  appointmentId: number;
  calendarId: number;
  seriesId: number | null;
  language: 'en' | 'fr';
  /** Trimmed; '' when none. Kept for a cancellation notice even when no reminder e-mail is wanted. */
  email: string;
  /** The client asked for reminder e-mails and gave an address. */
  reminderEmail: boolean;
  phone: PhoneReminderChoice | null;
  clientNames: ClientName[];
  confirmationCode: string;
  /** The appointment's version: a notice's `.ics` SEQUENCE. */
  version: number;
}

export function scheduledAppointment(
  ids: { appointmentId: number; calendarId: number; seriesId: number | null; version: number },
  place: Place,
  details: AppointmentDetails,
  confirmationCode: string,
): ScheduledAppointment {
  const email = details.email.trim();
  // Fields named one by one: in this Node's V8 an object spread followed by more fields costs microseconds (a replay
  // builds one per booking).
  return {
    appointmentId: ids.appointmentId,
    calendarId: ids.calendarId,
    seriesId: ids.seriesId,
    version: ids.version,
    date: place.date,
    startTime: place.startTime,
    endTime: place.endTime,
    language: details.language,
    email,
    reminderEmail: email !== '' && details.sendReminderEmail,
    phone: phoneReminderChoice(details),
    clientNames: details.clientData.map(({ firstName, lastName, preferredName }) => ({
      firstName,
      lastName,
      preferredName: preferredName ?? '',
    })),
    confirmationCode,
  };
}

const samePlace = (a: Place, b: Place) => a.date === b.date && a.startTime === b.startTime && a.endTime === b.endTime;

/** Whether the reminders of `after` differ from those of `before` (their keys, due times or recipients). */
export const remindersDiffer = (before: ScheduledAppointment, after: ScheduledAppointment): boolean =>
  !samePlace(before, after) ||
  before.calendarId !== after.calendarId ||
  before.language !== after.language ||
  before.email !== after.email ||
  before.reminderEmail !== after.reminderEmail ||
  JSON.stringify(before.phone) !== JSON.stringify(after.phone);

export const placeDiffers = (before: Place, after: Place): boolean => !samePlace(before, after);
