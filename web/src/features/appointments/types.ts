import type { z } from 'zod';
import type {
  appointmentChangeBody,
  appointmentHistory,
  appointmentResponse,
  staffAppointmentBody,
} from '../../../../api/appointments/schemas';
import type { lockResponse, staffLockBody } from '../../../../api/locks/schemas';
import type { Language } from '../../i18n/languages';

/**
 * The staff appointment calls (§7 Appointments and locks), inferred from the API's own schemas (types only); the Attendance and pronoun choices of §3
 * Client data entry; reminder types 0-6 of §3 Enumerations.
 */
export const ATTENDANCES = ['arrived', 'consult', 'left', 'noshow'] as const;
export type Attendance = (typeof ATTENDANCES)[number];
export const PRONOUNS = ['he', 'she', 'they'] as const;
export type Pronoun = (typeof PRONOUNS)[number];
export const STAFF_REMINDER_TYPES = [0, 1, 2, 3, 4, 5, 6] as const;
export type StaffReminderType = (typeof STAFF_REMINDER_TYPES)[number];

export interface ClientData {
  firstName: string;
  lastName: string;
  clientId: string;
  preferredName: string;
  pronoun: '' | Pronoun;
  dateOfBirth: string;
  legalGuardian: boolean;
  notGuardian: boolean;
  authorized: boolean;
  translationServices: boolean;
  clientLanguage: string;
  codes: string[];
  dose: number | null;
  attendance: '' | Attendance;
  room: string;
}

export interface ContactData {
  email: string;
  language: Language;
  phone: string;
  phoneDoNotCall: boolean;
  phoneAlt: string;
  phoneAltDoNotCall: boolean;
  phoneReminderType: StaffReminderType;
  phoneReminderCustom: string;
  sendConfirmationEmail: boolean;
  sendReminderEmail: boolean;
}

/** POST /api/appointments. */
export type NewAppointmentBody = z.input<typeof staffAppointmentBody>;
/** PUT /api/appointments/{id}: a move to another slot carries the lock of the target slot. */
export type AppointmentChangeBody = z.input<typeof appointmentChangeBody>;
/** GET /api/appointments/{id}: an appointment on a slot has its date, lane, times and duration. */
export type Appointment = z.infer<typeof appointmentResponse>;
export type HistoryEntry = z.infer<typeof appointmentHistory>['items'][number];
export type HistoryAction = HistoryEntry['action'];

export type LockRequest = z.input<typeof staffLockBody>;
export type LockAnswer = z.infer<typeof lockResponse>;
