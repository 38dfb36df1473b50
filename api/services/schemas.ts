import { z } from 'zod';

export const localeQuery = z.strictObject({
  locale: z.enum(['en', 'fr']).default('en').describe('Language of the texts: en or fr'),
});

export const serviceIdParams = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

export const publicServiceSummary = z.object({ id: z.number().int(), title: z.string(), description: z.string() });
export const publicServiceList = z.object({ items: z.array(publicServiceSummary) });

export const publicServiceFields = z.object({
  consentRequired: z.boolean(),
  emailRequired: z.boolean(),
  removePreferredLanguage: z.boolean(),
  removePhoneAlt: z.boolean(),
  removePhoneDoNotCall: z.boolean(),
  removePhoneAltDoNotCall: z.boolean(),
  removePhoneReminderType: z.boolean(),
});

export const publicCalendarSummary = z.object({ id: z.number().int(), name: z.string() });

export const publicServiceDetails = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  landingPage: z.string(),
  confirmationPage: z.string(),
  form: z.string().describe('Questionnaire JSON; 2 characters or fewer means none'),
  calendars: z.array(publicCalendarSummary),
  defaultDuration: z.number().int().describe('Seconds'),
  defaultSpots: z.number().int(),
  minDaysAhead: z.number().int(),
  maxDaysAhead: z.number().int(),
  calendarSelectionHeader: z.string(),
  dateSelectionHeader: z.string(),
  timeSelectionHeader: z.string(),
  removePrintButton: z.boolean(),
  fields: publicServiceFields,
});
