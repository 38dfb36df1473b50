export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

export interface MailMessage {
  to: string;
  /** The sender shown; MAIL_FROM when absent (e-mail templates name their own). */
  from?: { name: string; address: string };
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** What the message is for (`two-factor code`, `password reset`): logged instead of its content. */
  purpose: string;
  /** A staff member's own sign-in code or reset link: no client data, so development may log its text. */
  staffAccess?: boolean;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
