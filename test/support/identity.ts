import type { RecordedEvent } from '../../domain/event-store/port';
import { needsCalendars, type Role } from '../../domain/users/user';
import type { TestApp } from './app';
import type { CapturedMail } from './smtp-capture';
import { request } from './http';

/** A password meeting §5 (at least 9 characters, digit, upper, lower, special). */
export const STRONG_PASSWORD = 'Corr3ct!Horse';

export const bearer = (token: string): Record<string, string> => ({ Authorization: `Bearer ${token}` });

export const loginCheck = (baseUrl: string, username: string, password: string, twoFactorCode?: string) =>
  request(baseUrl, 'POST', '/api/login_check', {
    username,
    password,
    ...(twoFactorCode !== undefined ? { twoFactorCode } : {}),
  });

/** Signs in where the code step is off; fails loudly when no token comes back. */
export async function signIn(baseUrl: string, username: string, password: string): Promise<string> {
  const response = await loginCheck(baseUrl, username, password);
  if (response.status !== 200 || typeof response.json?.token !== 'string') {
    throw new Error(`Sign-in of ${username} answered ${response.status} ${response.text}`);
  }
  return response.json.token as string;
}

/** A token of the app's seeded System Administrator. */
export const seedAdminToken = (app: Pick<TestApp, 'baseUrl' | 'seedAdmin'>): Promise<string> =>
  signIn(app.baseUrl, app.seedAdmin.email, app.seedAdmin.password);

export interface NewUserInput {
  email: string;
  firstName?: string;
  lastName?: string;
  roles?: Role[];
  password?: string;
  /** §5: a password or the explicit choice to e-mail a link is required; without a password this defaults to true. */
  sendPasswordLink?: boolean;
  enabled?: boolean;
  calendarIds?: number[];
  categoryIds?: number[];
  locationIds?: number[];
}

/**
 * Creates a user through POST /api/users as `token` (a System Administrator when roles or password are given).
 * Without a password the user is e-mailed the link to set one. §5 requires calendars unless the roles give access to
 * all of them: a user given no `calendarIds` is created with one calendar whose access is then revoked, so the user
 * ends with no calendar, as after revoking on the calendar's Manage Access screen.
 */
export async function createUser(
  baseUrl: string,
  token: string,
  { firstName = 'Test', lastName = 'User', ...rest }: NewUserInput,
): Promise<number> {
  const withoutCalendars = needsCalendars(rest.roles ?? ['ROLE_USER']) && rest.calendarIds === undefined;
  const borrowed = withoutCalendars ? await anyCalendarId(baseUrl, token) : undefined;
  const body = {
    firstName,
    lastName,
    ...(rest.password === undefined && rest.sendPasswordLink === undefined ? { sendPasswordLink: true } : {}),
    ...(borrowed !== undefined ? { calendarIds: [borrowed] } : {}),
    ...rest,
  };
  const response = await request(baseUrl, 'POST', '/api/users', body, bearer(token));
  if (response.status !== 201) throw new Error(`Creating ${rest.email} answered ${response.status} ${response.text}`);
  const id = response.json.id as number;
  if (borrowed !== undefined) await revokeCalendar(baseUrl, token, borrowed, id);
  return id;
}

async function anyCalendarId(baseUrl: string, token: string): Promise<number> {
  const response = await request(baseUrl, 'GET', '/api/calendars', undefined, bearer(token));
  const id = response.json?.items?.[0]?.id;
  if (typeof id !== 'number') throw new Error(`No calendar to create a user with: ${response.status} ${response.text}`);
  return id;
}

async function revokeCalendar(baseUrl: string, token: string, calendarId: number, userId: number): Promise<void> {
  const path = `/api/calendars/${calendarId}/users`;
  const users = await request(baseUrl, 'GET', path, undefined, bearer(token));
  const keep = (users.json.items as { id: number; access: boolean; allCalendars: boolean }[])
    .filter((user) => user.access && !user.allCalendars && user.id !== userId)
    .map((user) => user.id);
  const revoked = await request(baseUrl, 'PUT', path, { userIds: keep }, bearer(token));
  if (revoked.status !== 200) throw new Error(`Revoking calendar ${calendarId} answered ${revoked.text}`);
}

/** The text body of a captured mail, with quoted-printable soft line breaks and escapes undone. */
export function mailText(mail: CapturedMail): string {
  const separator = mail.raw.indexOf('\r\n\r\n');
  const headers = mail.raw.slice(0, separator);
  const body = mail.raw.slice(separator + 4);
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(headers)) return body;
  const unwrapped = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unwrapped.length; i++) {
    const hex = unwrapped.slice(i + 1, i + 3);
    if (unwrapped[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(unwrapped[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Mails captured for one address, oldest first. */
export const mailsTo = (messages: CapturedMail[], address: string): CapturedMail[] =>
  messages.filter((mail) => mail.to.includes(address));

/** The six-digit code of a sign-in code mail. */
export function signInCodeOf(mail: CapturedMail): string {
  const code = /Your sign-in code is (\d+)\./.exec(mailText(mail))?.[1];
  if (!code) throw new Error(`No sign-in code in: ${mail.raw}`);
  return code;
}

/** The link and the code of a password-reset mail. */
export function resetLinkOf(mail: CapturedMail): { link: string; code: string } {
  const match = /(\S*\/admin\/password-reset\/([A-Za-z0-9_-]+))/.exec(mailText(mail));
  if (!match) throw new Error(`No reset link in: ${mail.raw}`);
  return { link: match[1]!, code: match[2]! };
}

/** Every event of the store, in log order. */
export async function allEvents(store: {
  readAll(after: RecordedEvent['position'] | null, limit: number): Promise<RecordedEvent[]>;
}): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for (;;) {
    const page = await store.readAll(events.at(-1)?.position ?? null, 1000);
    events.push(...page);
    if (page.length < 1000) return events;
  }
}

/**
 * Waits until every projector has applied the whole event log as it is now. Identity commands that answer without
 * waiting for the read models (login_check, reset) leave them a few milliseconds behind; a person opening a mailed
 * link never notices, a test that uses the link at once would.
 */
export async function caughtUp(app: TestApp): Promise<void> {
  // The newest row, not the newest readable event: readers stop below the cluster's oldest open transaction, which
  // may belong to another test's database on the same server.
  const { rows } = await app.server.database.knex.raw<{ rows: { tx: string; position: string }[] }>(
    'select tx_id::text as tx, global_position::text as position from es_events order by tx_id desc, global_position desc limit 1',
  );
  const last = rows[0];
  if (last && !(await app.server.runner.waitFor({ commit: BigInt(last.tx), prepare: BigInt(last.position) }, 20_000)))
    throw new Error('The read models did not catch up within 20 seconds');
}

/**
 * Secrets found in the JSON of an event's data or metadata. Six-digit codes are matched only where no hex digit or
 * letter touches them, so that a digest or event id that happens to hold the same six digits does not count.
 */
export function secretsIn(event: RecordedEvent, secrets: Iterable<string>): string[] {
  const json = JSON.stringify({ data: event.data, metadata: event.metadata });
  return [...secrets].filter((secret) =>
    /^\d{6}$/.test(secret) ? new RegExp(`(?<![0-9A-Za-z])${secret}(?![0-9A-Za-z])`).test(json) : json.includes(secret),
  );
}
