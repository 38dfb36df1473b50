/** Answers of the public service calls (§7 Public), texts already in the requested language. */
export interface PublicServiceSummary {
  id: number;
  title: string;
  description: string;
}

export interface PublicServiceFields {
  consentRequired: boolean;
  emailRequired: boolean;
  removePreferredLanguage: boolean;
  removePhoneAlt: boolean;
  removePhoneDoNotCall: boolean;
  removePhoneAltDoNotCall: boolean;
  removePhoneReminderType: boolean;
}

export interface PublicService {
  id: number;
  title: string;
  landingPage: string;
  confirmationPage: string;
  /** The questionnaire (JSON text); the wizard shows it only when longer than 2 characters. */
  form: string;
  calendars: unknown[];
  defaultDuration: number;
  defaultSpots: number;
  calendarSelectionHeader: string;
  dateSelectionHeader: string;
  timeSelectionHeader: string;
  removePrintButton: boolean;
  fields: PublicServiceFields;
}
