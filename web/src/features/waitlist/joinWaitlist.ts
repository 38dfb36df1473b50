import type { Language } from '../../i18n/languages';
import type { JoinWaitlistBody, WaitlistTarget } from './types';

/** The same check as the appointment form's: something@something.something. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What is wrong with the e-mail address typed (the booking form's error keys), or null. */
export function emailProblem(email: string): 'required' | 'email' | null {
  const trimmed = email.trim();
  if (trimmed === '') return 'required';
  return EMAIL.test(trimmed) && trimmed.length <= 180 ? null : 'email';
}

export interface JoinRequest {
  serviceId: number;
  calendarId: number;
  target: WaitlistTarget;
  /** A course: the spots the wizard asks for. A date waits for one appointment. */
  spots: number;
  email: string;
  language: Language;
  /** The bot check's solution; null when the check is off. */
  botCheck: string | null;
}

/** The body of POST /api/public/waitlist: a series with its spots, or a date with the length wanted. */
export function joinWaitlistBody({
  serviceId,
  calendarId,
  target,
  spots,
  email,
  language,
  botCheck,
}: JoinRequest): JoinWaitlistBody {
  const common = { serviceId, calendarId, email: email.trim(), language, ...(botCheck ? { botCheck } : {}) };
  return 'seriesId' in target
    ? { ...common, seriesId: target.seriesId, spots }
    : { ...common, date: target.date, duration: target.duration, spots: 1 };
}

/** Whether a refusal's issues point at the e-mail address (a 400 with field issues). */
export const isEmailIssue = (issue: { path: (string | number)[] }): boolean => issue.path[0] === 'email';
