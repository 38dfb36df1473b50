/** §3 Client data entry. The public form fills only the names; staff fill the rest (issue 6). */
export interface ClientData {
  firstName: string;
  lastName: string;
  preferredName?: string;
  clientId?: string;
  pronoun?: 'he' | 'she' | 'they';
  dateOfBirth?: string;
  legalGuardian?: boolean;
  notGuardian?: boolean;
  authorized?: boolean;
  translationServices?: boolean;
  clientLanguage?: string;
  codes?: string[];
  dose?: number;
  attendance?: 'arrived' | 'consult' | 'left' | 'noshow';
  room?: string;
}

/** §3 Appointment: who comes, and how to reach them. Times and lane come from the slot it takes. */
export interface AppointmentDetails {
  clientData: ClientData[];
  email: string;
  language: 'en' | 'fr';
  phone: string;
  phoneDoNotCall: boolean;
  phoneAlt: string;
  phoneAltDoNotCall: boolean;
  phoneReminderType: number;
  phoneReminderCustom: string;
  sendConfirmationEmail: boolean;
  sendReminderEmail: boolean;
  agreeValidInfo: boolean;
  agreePhone: boolean;
  /** Group sessions: the spots taken. */
  spots: number;
}

/** Confirmation codes: 10 characters of an alphabet without look-alikes (no 0/O, 1/I/L). */
export const CONFIRMATION_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CONFIRMATION_CODE_LENGTH = 10;
