import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../infrastructure/logger';
import type { Mailer, MailMessage } from './port';

/**
 * Without SMTP_URL, mail is written as .eml files to `folder` (DATA_DIR/outbox) and logged by recipient, subject and
 * purpose; in development the text is logged too, so that a two-factor code can be read off the console.
 */
export function outboxMailer(folder: string, from: string, logger: Logger, { logContent }: { logContent: boolean }): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message: MailMessage) {
      const built = await transport.sendMail({ from: message.from ?? from, to: message.to, subject: message.subject, text: message.text, html: message.html, attachments: message.attachments });
      await mkdir(folder, { recursive: true });
      const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`);
      await writeFile(file, built.message as Buffer, { mode: 0o600 });
      logger.info({ to: message.to, subject: message.subject, purpose: message.purpose, file, ...(logContent ? { text: message.text } : {}) }, 'mail written to the outbox');
    },
  };
}
