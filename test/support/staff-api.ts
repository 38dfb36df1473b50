import { request } from './http';
import { bearer, seedAdminToken } from './identity';
import type { TestApp } from './app';

/** A staff call over HTTP, as the seeded System Administrator unless a token is given; any refusal throws. */
export async function staffCall(app: TestApp, method: string, path: string, body?: unknown, token?: string) {
  const answer = await request(app.baseUrl, method, path, body, bearer(token ?? (await seedAdminToken(app))));
  if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status} ${answer.text}`);
  return answer.json;
}

/** The id of a calendar by its name. */
export async function calendarIdNamed(app: TestApp, name: string): Promise<number> {
  const calendars = (await staffCall(app, 'GET', '/api/calendars')).items as { id: number; name: string }[];
  return calendars.find((calendar) => calendar.name === name)!.id;
}
