import { randomUUID } from 'node:crypto';
import type { PasswordLink } from '../../domain/users/commands';
import { PASSWORD_LINK_TTL_MS } from '../../domain/users/user';
import { codeDigest, newOpaqueToken } from '../auth/secrets';
import type { Mailer, MailMessage } from '../mail/port';

/** What e-mailing a new user the link to choose their password needs. */
export interface PasswordLinkMailing {
  mailer: Mailer;
  /** Key of the code digests (AUTH_SECRET). */
  secret: string;
  /** Address of the web app, for the link. */
  publicUrl: string;
}

/**
 * A single-use link to choose a first password: the same code and page as a password reset (so the sign-in page's
 * reset screen completes it), valid longer than a reset. Only the code's keyed digest goes into the event.
 */
export function newPasswordLink(
  mailing: PasswordLinkMailing,
  to: string,
  now: Date,
  clientAddress: string,
): { link: PasswordLink; mail: MailMessage } {
  const code = newOpaqueToken();
  return {
    link: {
      resetId: randomUUID(),
      codeDigest: codeDigest(mailing.secret, code),
      expiresAt: new Date(now.getTime() + PASSWORD_LINK_TTL_MS).toISOString(),
      clientAddress,
    },
    mail: passwordLinkMail(to, `${mailing.publicUrl}/admin/password-reset/${code}`),
  };
}

/** Staff have no language setting yet, so the mail is written in both languages, English first. */
function passwordLinkMail(to: string, link: string): MailMessage {
  return {
    to,
    purpose: 'password link',
    staffAccess: true,
    subject: 'Choose your password / Choisissez votre mot de passe',
    text: [
      'An account was created for you. To choose your password, open this link within 7 days:',
      link,
      'If you did not expect this, tell your supervisor.',
      '',
      'Un compte a été créé pour vous. Pour choisir votre mot de passe, ouvrez ce lien d’ici 7 jours :',
      link,
      'Si vous ne vous y attendiez pas, avisez votre superviseur.',
    ].join('\n'),
  };
}
