import type { AppointmentDetails } from '../../domain/appointments/appointment';

/** An appointment's details for decider tests: one client, a phone, no reminder, consents given. */
export const appointmentDetails = (changes: Partial<AppointmentDetails> = {}): AppointmentDetails => ({
  clientData: [{ firstName: 'Ada', lastName: 'Lovelace' }],
  email: '',
  language: 'en',
  phone: '613-555-0100',
  phoneDoNotCall: false,
  phoneAlt: '',
  phoneAltDoNotCall: false,
  phoneReminderType: 0,
  phoneReminderCustom: '',
  sendConfirmationEmail: false,
  sendReminderEmail: false,
  agreeValidInfo: true,
  agreePhone: true,
  spots: 1,
  ...changes,
});
