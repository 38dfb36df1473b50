import type { Language } from '../../i18n/languages';
import { formatPhone } from '../../shared/contact/phone';
import type { PublicServiceFields } from './serviceTypes';
import type { PublicAppointmentPayload, PublicCalendar } from './types';

/**
 * §5 the public appointment form as pure data: its values, which fields the service and calendar show or require,
 * the checks (the same as the API's, so a refusal is rare) and the payload sent.
 */
export const MAX_CLIENTS = 10;
/** §5: 3-3-4 digits with optional hyphens. */
const PHONE = /^\d{3}-?\d{3}-?\d{4}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** §3 reminder types the public form offers: none, SMS to the primary, secondary or another phone. */
export const REMINDER_TYPES = [0, 2, 4, 6] as const;
export type ReminderType = (typeof REMINDER_TYPES)[number];

export interface ClientValues {
  firstName: string;
  lastName: string;
  preferredName: string;
}

export interface AppointmentValues {
  clients: ClientValues[];
  email: string;
  language: Language;
  phone: string;
  phoneDoNotCall: boolean;
  phoneAlt: string;
  phoneAltDoNotCall: boolean;
  /** '' until chosen. */
  phoneReminderType: ReminderType | '';
  phoneReminderCustom: string;
  sendReminderEmail: boolean;
  agreeValidInfo: boolean;
  agreePhone: boolean;
}

/** What the service and calendar make of the form. */
export interface FormRules {
  fields: PublicServiceFields;
  emailsEnabled: boolean;
  emailRequired: boolean;
  preferredNameRequired: boolean;
}

export function formRules(fields: PublicServiceFields, calendar: PublicCalendar | undefined): FormRules {
  return {
    fields,
    emailsEnabled: calendar?.emailsEnabled ?? false,
    emailRequired: fields.emailRequired || (calendar?.emailRequired ?? false),
    preferredNameRequired: calendar?.fields.some((field) => field.name === 'preferredName' && field.required) ?? false,
  };
}

const emptyClient = (): ClientValues => ({ firstName: '', lastName: '', preferredName: '' });

export const initialValues = (clientCount: number, language: Language): AppointmentValues => ({
  clients: Array.from({ length: Math.min(Math.max(clientCount, 1), MAX_CLIENTS) }, emptyClient),
  email: '',
  language,
  phone: '',
  phoneDoNotCall: false,
  phoneAlt: '',
  phoneAltDoNotCall: false,
  phoneReminderType: '',
  phoneReminderCustom: '',
  sendReminderEmail: false,
  agreeValidInfo: false,
  agreePhone: false,
});

export const addClient = (values: AppointmentValues): AppointmentValues =>
  values.clients.length >= MAX_CLIENTS ? values : { ...values, clients: [...values.clients, emptyClient()] };

export const removeClient = (values: AppointmentValues, index: number): AppointmentValues => ({
  ...values,
  clients: values.clients.filter((_, i) => i !== index),
});

/**
 * The reminder types offered (§5): do-not-call on a phone removes the reminders to it; a service without the
 * second phone offers none to it.
 */
export function reminderTypesOffered(values: AppointmentValues, rules: FormRules): ReminderType[] {
  return REMINDER_TYPES.filter((type) => {
    if (type === 2) return !values.phoneDoNotCall;
    if (type === 4) return !rules.fields.removePhoneAlt && !values.phoneAltDoNotCall;
    return true;
  });
}

/** A change of values that keeps the reminder choice among those still offered. */
export function withReminderOffered(values: AppointmentValues, rules: FormRules): AppointmentValues {
  const type = values.phoneReminderType;
  return type !== '' && !reminderTypesOffered(values, rules).includes(type)
    ? { ...values, phoneReminderType: '' }
    : values;
}

export type FieldError = 'required' | 'phone' | 'email' | 'invalid';
/** Errors by field path: `clients.0.firstName`, `phone`, ... */
export type FormErrors = Record<string, FieldError>;

export function validateAppointment(values: AppointmentValues, rules: FormRules): FormErrors {
  const errors: FormErrors = {};
  const require = (path: string, value: string) => {
    if (value.trim() === '') errors[path] = 'required';
  };
  values.clients.forEach((client, index) => {
    require(`clients.${index}.firstName`, client.firstName);
    require(`clients.${index}.lastName`, client.lastName);
    if (rules.preferredNameRequired) require(`clients.${index}.preferredName`, client.preferredName);
  });
  const { fields } = rules;
  if (values.email.trim() === '') {
    if (rules.emailRequired || values.sendReminderEmail) errors.email = 'required';
  } else if (!EMAIL.test(values.email.trim())) {
    errors.email = 'email';
  }
  const phone = (path: 'phone' | 'phoneAlt' | 'phoneReminderCustom', value: string, required: boolean) => {
    if (value.trim() === '') {
      if (required) errors[path] = 'required';
    } else if (!PHONE.test(value.trim())) {
      errors[path] = 'phone';
    }
  };
  phone('phone', values.phone, true);
  const reminder = fields.removePhoneReminderType ? 0 : values.phoneReminderType;
  if (!fields.removePhoneAlt) phone('phoneAlt', values.phoneAlt, reminder === 4);
  if (reminder === '') errors.phoneReminderType = 'required';
  if (reminder === 6) phone('phoneReminderCustom', values.phoneReminderCustom, true);
  if (fields.consentRequired) {
    if (!values.agreeValidInfo) errors.agreeValidInfo = 'required';
    if (!values.agreePhone) errors.agreePhone = 'required';
  }
  return errors;
}

/**
 * The errors to show before the visitor first tries to book: a wrong entry in a field they have left (a phone
 * number of 9 digits, an e-mail address without a domain), never an empty field they have not reached yet.
 */
export function wrongEntries(errors: FormErrors, left: ReadonlySet<string>): FormErrors {
  return Object.fromEntries(Object.entries(errors).filter(([field, error]) => left.has(field) && error !== 'required'));
}

export interface BookingContext {
  lockToken: string;
  /** The service booked through: the API checks its form rules. */
  serviceId: number;
  /** Spots of a group-session registration. */
  spots: number | undefined;
  pageLanguage: Language;
}

/** The payload of POST /public/appointments; the fields the service removed go with their defaults. */
export function appointmentPayload(
  values: AppointmentValues,
  rules: FormRules,
  { lockToken, serviceId, spots, pageLanguage }: BookingContext,
): PublicAppointmentPayload {
  const { fields } = rules;
  const reminder = fields.removePhoneReminderType || values.phoneReminderType === '' ? 0 : values.phoneReminderType;
  const email = values.email.trim();
  return {
    lockToken,
    serviceId,
    clientData: values.clients.map((client) => ({
      firstName: client.firstName.trim(),
      lastName: client.lastName.trim(),
      preferredName: client.preferredName.trim(),
    })),
    email,
    language: fields.removePreferredLanguage ? pageLanguage : values.language,
    phone: formatPhone(values.phone.trim()),
    phoneDoNotCall: !fields.removePhoneDoNotCall && values.phoneDoNotCall,
    phoneAlt: fields.removePhoneAlt ? '' : formatPhone(values.phoneAlt.trim()),
    phoneAltDoNotCall: !fields.removePhoneAlt && !fields.removePhoneAltDoNotCall && values.phoneAltDoNotCall,
    phoneReminderType: reminder,
    phoneReminderCustom: reminder === 6 ? formatPhone(values.phoneReminderCustom.trim()) : '',
    // item 6: the confirmation goes to the address given, when the calendar sends e-mails
    sendConfirmationEmail: rules.emailsEnabled && email !== '',
    sendReminderEmail: rules.emailsEnabled && email !== '' && values.sendReminderEmail,
    agreeValidInfo: values.agreeValidInfo,
    agreePhone: values.agreePhone,
    ...(spots !== undefined ? { spots } : {}),
  };
}

/** The form's field of an API issue path (`clientData.0.firstName` -> `clients.0.firstName`). */
export function fieldOfIssue(path: (string | number)[]): string {
  const [head, ...rest] = path;
  return [head === 'clientData' ? 'clients' : head, ...rest].join('.');
}
