import { latestDateOfBirth } from '../../../../../domain/appointments/staff-form';
import { formatPhone } from '../../../shared/contact/phone';
import type { Language } from '../../../i18n/languages';
import type { Calendar } from '../../calendars';
import type {
  Appointment,
  AppointmentChangeBody,
  ClientData,
  ContactData,
  NewAppointmentBody,
  StaffReminderType,
} from '../types';
import { STAFF_REMINDER_TYPES } from '../types';

/**
 * §5 the staff appointment form as pure data: its values, which client fields the calendar uses and requires, the
 * checks (the API's own, so that a refusal is rare) and the bodies it sends.
 */
export const MAX_CLIENTS = 10;
export const ROOM_MAX = 6;
const CLIENT_ID = /^\d{10}$/;
const isReminderType = (value: number): value is StaffReminderType =>
  (STAFF_REMINDER_TYPES as readonly number[]).includes(value);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A phone as the public form shows it (formatPhone: XXX-XXX-XXXX when it has ten digits). */
const isPhone = (value: string) => /^\d{3}-\d{3}-\d{4}$/.test(formatPhone(value.trim()));

export type ClientValues = Omit<ClientData, 'dose'> & { dose: string };

export interface FormValues extends Omit<ContactData, 'language'> {
  /** '' until chosen. */
  duration: number | '';
  language: Language | '';
  clients: ClientValues[];
}

export type CalendarFields = Calendar['fields'];
export type ClientField = CalendarFields[number]['name'];

/** What the calendar and the slot make of the form. */
export interface FormRules {
  fields: CalendarFields;
  maxClients: number;
  durations: number[];
  /** The calendar's enabled codes. */
  codeOptions: string[];
  /** The latest date of birth: January 31 of next year (§5, the later reading). */
  maxDateOfBirth: string;
}

export function formRules(calendar: Calendar, durations: number[], today: string): FormRules {
  return {
    fields: calendar.fields,
    maxClients: calendar.allowMultipleClients ? MAX_CLIENTS : 1,
    durations,
    codeOptions: calendar.fields.find((field) => field.name === 'codes')?.options ?? [],
    maxDateOfBirth: latestDateOfBirth(today),
  };
}

export const usesField = (rules: FormRules, name: ClientField) => rules.fields.some((field) => field.name === name);
export const requiresField = (rules: FormRules, name: ClientField) =>
  rules.fields.some((field) => field.name === name && field.required);

export const emptyClient = (): ClientValues => ({
  firstName: '',
  lastName: '',
  clientId: '',
  preferredName: '',
  pronoun: '',
  dateOfBirth: '',
  legalGuardian: false,
  notGuardian: false,
  authorized: false,
  translationServices: false,
  clientLanguage: '',
  codes: [],
  dose: '',
  attendance: '',
  room: '',
});

export const emptyValues = (duration: number | ''): FormValues => ({
  duration,
  clients: [emptyClient()],
  email: '',
  language: '',
  phone: '',
  phoneDoNotCall: false,
  phoneAlt: '',
  phoneAltDoNotCall: false,
  phoneReminderType: 0,
  phoneReminderCustom: '',
  sendConfirmationEmail: false,
  sendReminderEmail: false,
});

function clientValues(client: Partial<ClientData>): ClientValues {
  const empty = emptyClient();
  return {
    ...empty,
    ...Object.fromEntries(Object.entries(client).filter(([, value]) => value !== null && value !== undefined)),
    codes: client.codes ?? [],
    dose: client.dose === null || client.dose === undefined ? '' : String(client.dose),
  };
}

/** A loaded appointment as form values; a copy clears attendance and room (§4.2 Copy). */
export function valuesOf(appointment: Appointment, duration: number | '', { copy = false } = {}): FormValues {
  return {
    duration,
    clients: appointment.clientData.map((client) => ({
      ...clientValues(client),
      ...(copy ? { attendance: '', room: '' } : {}),
    })),
    email: appointment.email,
    language: appointment.language,
    phone: appointment.phone,
    phoneDoNotCall: appointment.phoneDoNotCall,
    phoneAlt: appointment.phoneAlt,
    phoneAltDoNotCall: appointment.phoneAltDoNotCall,
    phoneReminderType: isReminderType(appointment.phoneReminderType) ? appointment.phoneReminderType : 0,
    phoneReminderCustom: appointment.phoneReminderCustom,
    sendConfirmationEmail: appointment.sendConfirmationEmail,
    sendReminderEmail: appointment.sendReminderEmail,
  };
}

/** §5: a new client starts as a copy of the first one, without its client id. */
export function addClient(values: FormValues, rules: FormRules): FormValues {
  if (values.clients.length >= rules.maxClients) return values;
  const first = values.clients[0] ?? emptyClient();
  return { ...values, clients: [...values.clients, { ...first, codes: [...first.codes], clientId: '' }] };
}

export const removeClient = (values: FormValues, index: number): FormValues =>
  values.clients.length <= 1 ? values : { ...values, clients: values.clients.filter((_, i) => i !== index) };

/** §5 group edit: the same attendance and room for every client. */
export const groupEdit = (
  values: FormValues,
  change: { attendance?: ClientValues['attendance']; room?: string },
): FormValues => ({
  ...values,
  clients: values.clients.map((client) => ({ ...client, ...change })),
});

/** §5: do-not-call on a phone removes the voice and SMS reminders to it. */
export function reminderTypesOffered(
  values: Pick<FormValues, 'phoneDoNotCall' | 'phoneAltDoNotCall'>,
): StaffReminderType[] {
  return STAFF_REMINDER_TYPES.filter((type) => {
    if (type === 1 || type === 2) return !values.phoneDoNotCall;
    if (type === 3 || type === 4) return !values.phoneAltDoNotCall;
    return true;
  });
}

/** A change of values that keeps the reminder choice among those still offered. */
export const withReminderOffered = (values: FormValues): FormValues =>
  reminderTypesOffered(values).includes(values.phoneReminderType) ? values : { ...values, phoneReminderType: 0 };

export type FieldError = 'required' | 'phone' | 'email' | 'clientId' | 'dateOfBirth' | 'room' | 'dose' | 'invalid';
/** Errors by field path: `clients.0.firstName`, `phone`, ... */
export type FormErrors = Record<string, FieldError>;

const blank = (value: string) => value.trim() === '';

export function validate(values: FormValues, rules: FormRules): FormErrors {
  const errors: FormErrors = {};
  if (values.duration === '' || !rules.durations.includes(values.duration)) errors.duration = 'required';
  values.clients.forEach((client, index) => {
    const at = (field: string) => `clients.${index}.${field}`;
    for (const field of rules.fields) {
      if (!field.required) continue;
      const value = client[field.name];
      // a required checkbox must be ticked, as the API checks it
      const missing = Array.isArray(value)
        ? value.length === 0
        : typeof value === 'string'
          ? blank(value)
          : value === false;
      if (missing) errors[at(field.name)] = 'required';
    }
    if (blank(client.firstName)) errors[at('firstName')] = 'required';
    if (blank(client.lastName)) errors[at('lastName')] = 'required';
    if (!blank(client.clientId) && !CLIENT_ID.test(client.clientId.trim())) errors[at('clientId')] = 'clientId';
    if (client.dateOfBirth !== '' && client.dateOfBirth > rules.maxDateOfBirth)
      errors[at('dateOfBirth')] = 'dateOfBirth';
    if (client.room.trim().length > ROOM_MAX) errors[at('room')] = 'room';
    if (!blank(client.dose) && !/^\d{1,2}$/.test(client.dose.trim())) errors[at('dose')] = 'dose';
  });
  if (blank(values.email)) {
    if (values.sendConfirmationEmail || values.sendReminderEmail) errors.email = 'required';
  } else if (!EMAIL.test(values.email.trim())) {
    errors.email = 'email';
  }
  if (values.language === '') errors.language = 'required';
  const phone = (path: 'phone' | 'phoneAlt' | 'phoneReminderCustom', value: string, required: boolean) => {
    if (blank(value)) {
      if (required) errors[path] = 'required';
    } else if (!isPhone(value)) {
      errors[path] = 'phone';
    }
  };
  phone('phone', values.phone, true);
  phone('phoneAlt', values.phoneAlt, values.phoneReminderType === 3 || values.phoneReminderType === 4);
  phone(
    'phoneReminderCustom',
    values.phoneReminderCustom,
    values.phoneReminderType === 5 || values.phoneReminderType === 6,
  );
  return errors;
}

const clientPayload = (client: ClientValues, codeOptions: readonly string[]): ClientData => ({
  firstName: client.firstName.trim(),
  lastName: client.lastName.trim(),
  clientId: client.clientId.trim(),
  preferredName: client.preferredName.trim(),
  pronoun: client.pronoun,
  dateOfBirth: client.dateOfBirth,
  legalGuardian: client.legalGuardian,
  notGuardian: client.notGuardian,
  authorized: client.authorized,
  translationServices: client.translationServices,
  clientLanguage: client.clientLanguage.trim(),
  codes: client.codes.filter((code) => codeOptions.includes(code)),
  dose: blank(client.dose) ? null : Number(client.dose.trim()),
  attendance: client.attendance,
  room: client.room.trim(),
});

function contactPayload(values: FormValues): ContactData {
  const custom = values.phoneReminderType === 5 || values.phoneReminderType === 6;
  return {
    email: values.email.trim(),
    language: values.language === '' ? 'en' : values.language,
    phone: formatPhone(values.phone.trim()),
    phoneDoNotCall: values.phoneDoNotCall,
    phoneAlt: formatPhone(values.phoneAlt.trim()),
    phoneAltDoNotCall: values.phoneAltDoNotCall,
    phoneReminderType: values.phoneReminderType,
    phoneReminderCustom: custom ? formatPhone(values.phoneReminderCustom.trim()) : '',
    sendConfirmationEmail: values.sendConfirmationEmail,
    sendReminderEmail: values.sendReminderEmail,
  };
}

const durationOf = (values: FormValues) => (values.duration === '' ? 0 : values.duration);

/** POST /api/appointments: the slot locked, for the chosen duration. */
export function newBody(
  values: FormValues,
  rules: FormRules,
  slot: {
    lockToken: string;
    startTime: string;
    endTime: (duration: number) => string;
    copiedFrom?: number | undefined;
  },
): NewAppointmentBody {
  return {
    ...contactPayload(values),
    ...(slot.copiedFrom === undefined ? {} : { copiedFrom: slot.copiedFrom }),
    lockToken: slot.lockToken,
    startTime: slot.startTime,
    endTime: slot.endTime(durationOf(values)),
    clientData: values.clients.map((client) => clientPayload(client, rules.codeOptions)),
  };
}

/**
 * PUT /api/appointments/{id}: the same slot, with the version the form loaded. `notifyClient`: a notice to the client
 * when the change moves it (issue 19).
 */
export function changeBody(
  values: FormValues,
  rules: FormRules,
  at: {
    version: number;
    calendarDateLaneId: number;
    date: string;
    startTime: string;
    endTime: (duration: number) => string;
    notifyClient: boolean;
  },
): AppointmentChangeBody {
  return {
    ...contactPayload(values),
    version: at.version,
    calendarDateLaneId: at.calendarDateLaneId,
    date: at.date,
    startTime: at.startTime,
    endTime: at.endTime(durationOf(values)),
    notifyClient: at.notifyClient,
    clientData: values.clients.map((client) => clientPayload(client, rules.codeOptions)),
  };
}

/** PUT /api/appointments/{id} of a Move: the appointment as loaded, at the target slot with its lock. */
export function moveBody(
  appointment: Appointment,
  target: { calendarDateLaneId: number; date: string; startTime: string; endTime: string; lockToken: string },
  notifyClient: boolean,
): AppointmentChangeBody {
  const values = valuesOf(appointment, appointment.duration ?? '');
  return {
    ...contactPayload(values),
    version: appointment.version,
    ...target,
    notifyClient,
    clientData: values.clients.map((client) => clientPayload(client, client.codes)),
  };
}

/** The form's field of an API issue path (`clientData.0.firstName` -> `clients.0.firstName`). */
export function fieldOfIssue(path: (string | number)[]): string {
  const [head, ...rest] = path;
  return [head === 'clientData' ? 'clients' : head, ...rest].join('.');
}
