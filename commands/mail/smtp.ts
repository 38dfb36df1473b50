import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './port';

/** Sends through the SMTP server of SMTP_URL (`smtp://user:pass@host:587`, `smtps://…` for implicit TLS). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message: MailMessage) {
      await transport.sendMail({
        from: message.from ?? from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments,
      });
    },
  };
}
