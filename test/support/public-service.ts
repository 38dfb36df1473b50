import { request } from './http';

const text = {
  title: 'Test service',
  titleFr: 'Service d’essai',
  description: 'd',
  descriptionFr: 'd',
  landingPage: 'l',
  landingPageFr: 'l',
  confirmationPage: 'c',
  confirmationPageFr: 'c',
};

/**
 * A public, enabled service offering these calendars, its booking window open from today for a year (public locks
 * and bookings always go through a service that offers the slot). Answers its id; any refusal throws.
 */
export async function createPublicService(
  baseUrl: string,
  adminHeaders: Record<string, string>,
  calendarIds: number[],
  changes: Record<string, unknown> = {},
): Promise<number> {
  const created = await request(
    baseUrl,
    'POST',
    '/api/services',
    { ...text, enabled: true, isPublic: true, minDaysAhead: 0, maxDaysAhead: 365, calendarIds, ...changes },
    adminHeaders,
  );
  if (created.status !== 201) throw new Error(`POST /api/services answered ${created.status} ${created.text}`);
  return created.json.id as number;
}
