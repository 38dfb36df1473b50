import type { CalendarSettings } from '../calendars/calendar';
import { DomainError } from '../shared/decider';
import type { AppointmentDetails, ClientData } from './appointment';

export const MAX_CLIENTS = 10;

/** §5: a date of birth is at most January 31 of next year (the later of the spec's two readings). */
export const latestDateOfBirth = (today: string): string => `${Number(today.slice(0, 4)) + 1}-01-31`;

const filled = (value: unknown) =>
  Array.isArray(value) ? value.length > 0 : value !== undefined && value !== null && value !== '' && value !== false;

/**
 * The first §5 rule of the staff's appointment form that the appointment breaks on this calendar, naming the field;
 * null when it keeps them all: 1 client unless the calendar allows several (10 at most), the calendar's required
 * client fields, codes among the calendar's enabled codes, and the latest date of birth.
 */
export function staffAppointmentProblem(
  calendar: Pick<CalendarSettings, 'allowMultipleClients' | 'fields'>,
  appointment: AppointmentDetails,
  today: string,
): DomainError | null {
  const refuse = (field: string, message: string) => new DomainError('VALIDATION_FAILED', message, { field });
  const clients = appointment.clientData;
  if (clients.length > (calendar.allowMultipleClients ? MAX_CLIENTS : 1)) {
    return refuse(
      'clientData',
      calendar.allowMultipleClients
        ? `At most ${MAX_CLIENTS} clients.`
        : 'This calendar takes one client per appointment.',
    );
  }
  const codes = calendar.fields.find((field) => field.name === 'codes');
  const enabledCodes = new Set(codes?.options ?? []);
  const latest = latestDateOfBirth(today);
  for (const [index, client] of clients.entries()) {
    for (const field of calendar.fields) {
      if (field.required && !filled(client[field.name as keyof ClientData]))
        return refuse(`clientData.${index}.${field.name}`, `${field.name} is required.`);
    }
    const unknown = (client.codes ?? []).find((code) => !enabledCodes.has(code));
    if (unknown) return refuse(`clientData.${index}.codes`, `${unknown} is not a code of this calendar.`);
    if (client.dateOfBirth && client.dateOfBirth > latest)
      return refuse(`clientData.${index}.dateOfBirth`, `A date of birth is at most ${latest}.`);
  }
  return null;
}
