/** Durations a service or lane may offer, in seconds (§9). */
export const DURATION_CHOICES = [300, 600, 900, 1200, 1800, 2400, 3600, 7200] as const;

/** Everything staff set on a service (§3). Ids, calendars and timestamps live beside it. */
export interface ServiceFields {
  title: string;
  titleFr: string;
  description: string;
  descriptionFr: string;
  enabled: boolean;
  isPublic: boolean;
  minDaysAhead: number;
  maxDaysAhead: number;
  defaultDuration: number;
  defaultSpots: number;
  landingPage: string;
  landingPageFr: string;
  /** The questionnaire as JSON text; 2 characters or fewer means no questionnaire (§4.1). */
  form: string;
  calendarSelectionHeader: string;
  calendarSelectionHeaderFr: string;
  dateSelectionHeader: string;
  dateSelectionHeaderFr: string;
  timeSelectionHeader: string;
  timeSelectionHeaderFr: string;
  calendarIds: number[];
  emailContent: string;
  emailContentFr: string;
  confirmationPage: string;
  confirmationPageFr: string;
  consentRequired: boolean;
  emailRequired: boolean;
  removePreferredLanguage: boolean;
  removePhoneAlt: boolean;
  removePhoneDoNotCall: boolean;
  removePhoneAltDoNotCall: boolean;
  removePhoneReminderType: boolean;
  removePrintButton: boolean;
  emailsEnabled: boolean;
}

/** Defaults of a new service (§9). */
export const defaultServiceFields: ServiceFields = {
  title: '',
  titleFr: '',
  description: '',
  descriptionFr: '',
  enabled: false,
  isPublic: true,
  minDaysAhead: 1,
  maxDaysAhead: 365,
  defaultDuration: 900,
  defaultSpots: 1,
  landingPage: '',
  landingPageFr: '',
  form: '',
  calendarSelectionHeader: 'Select a clinic:',
  calendarSelectionHeaderFr: 'Choisissez une clinique :',
  dateSelectionHeader: 'Select a date:',
  dateSelectionHeaderFr: 'Choisissez une date :',
  timeSelectionHeader: 'Select a time:',
  timeSelectionHeaderFr: 'Choisissez une heure :',
  calendarIds: [],
  emailContent: '',
  emailContentFr: '',
  confirmationPage: '',
  confirmationPageFr: '',
  consentRequired: false,
  emailRequired: false,
  removePreferredLanguage: false,
  removePhoneAlt: false,
  removePhoneDoNotCall: false,
  removePhoneAltDoNotCall: false,
  removePhoneReminderType: false,
  removePrintButton: false,
  emailsEnabled: true,
};

export const serviceStream = (serviceId: number): string => `service-${serviceId}`;
