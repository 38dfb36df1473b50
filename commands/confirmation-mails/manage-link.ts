import { instantOf } from '../../domain/shared/plain-date';
import { manageBookingLink, signManageToken } from '../self-service/manage-token';
import type { Language, Session } from './render';

/** What the "manage my booking" links of e-mails (issue 20) are made from: the app's AUTH_SECRET and address. */
export interface ManageLinks {
  authSecret: string;
  /** The address the public reaches the app at, without a trailing slash. */
  publicUrl: string;
}

/** When the appointment is over: the end of its session, or of a course's last session, in the unit's zone. */
export function appointmentEnd(sessions: readonly Session[], timeZone: string): Date | null {
  const ends = sessions.map((session) => instantOf(session.date, session.endTime, timeZone).getTime());
  return ends.length > 0 ? new Date(Math.max(...ends)) : null;
}

/**
 * The link into the booking's page in the client's language, its token lapsing once the appointment is over; null
 * for an appointment with no session (nothing left to manage).
 */
export function manageLinkOf(
  links: ManageLinks,
  appointment: { appointmentId: number; language: Language; sessions: readonly Session[] },
  timeZone: string,
): string | null {
  const expiresAt = appointmentEnd(appointment.sessions, timeZone);
  if (!expiresAt) return null;
  const token = signManageToken(links.authSecret, { appointmentId: appointment.appointmentId, expiresAt });
  return manageBookingLink(links.publicUrl, appointment.language, token);
}
