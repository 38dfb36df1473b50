import { randomBytes } from 'node:crypto';

import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../infrastructure/logger';
import { writeOutboxFile } from './outbox-file';
import type { Mailer, MailMessage } from './port';

/**
 * Without SMTP_URL, mail is written as .eml files to `folder` (DATA_DIR/outbox) and logged by purpose and file; in
 * development the text of staff access mail is logged too, so that a two-factor code can be read off the console.
 */
export function outboxMailer(
  folder: string,
  from: string,
  logger: Logger,
  { logContent }: { logContent: boolean },
): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message: MailMessage) {
      const built = await transport.sendMail({
        from: message.from ?? from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments,
      });
      const file = await writeOutboxFile(
        folder,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`,
        built.message as Buffer,
      );
      // Ids only: the recipient, the subject and a client's text name a person. A staff member's sign-in code or reset
      // link is shown in development, so that a local trial can sign in without opening the file.
      logger.info(
        {
          purpose: message.purpose,
          file: path.basename(file),
          ...(logContent && message.staffAccess ? { text: message.text } : {}),
        },
        'mail written to the outbox',
      );
    },
  };
}
