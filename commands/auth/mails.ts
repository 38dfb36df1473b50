import type { MailMessage } from '../mail/port';

/** Staff have no language setting yet, so identity mail is written in both languages, English first. */
export function signInCodeMail(to: string, code: string): MailMessage {
  return {
    to,
    purpose: 'sign-in code',
    staffAccess: true,
    subject: 'Your sign-in code / Votre code de connexion',
    text: [
      `Your sign-in code is ${code}. It is valid for 10 minutes.`,
      'If you did not try to sign in, tell your supervisor.',
      '',
      `Votre code de connexion est ${code}. Il est valide pendant 10 minutes.`,
      'Si vous n’avez pas tenté de vous connecter, avisez votre superviseur.',
    ].join('\n'),
  };
}

export function passwordResetMail(to: string, link: string): MailMessage {
  return {
    to,
    purpose: 'password reset',
    staffAccess: true,
    subject: 'Reset your password / Réinitialiser votre mot de passe',
    text: [
      'To choose a new password, open this link within one hour:',
      link,
      'If you did not ask for this, you can ignore this message.',
      '',
      'Pour choisir un nouveau mot de passe, ouvrez ce lien d’ici une heure :',
      link,
      'Si vous n’avez rien demandé, vous pouvez ignorer ce message.',
    ].join('\n'),
  };
}
