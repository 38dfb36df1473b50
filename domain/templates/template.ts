/**
 * What staff set on an e-mail template (§3 Email template), with the French variant of each text. Subjects and
 * bodies may carry placeholders (`{{clientName}}`, `{{date}}`, ...) that the mailer fills per appointment.
 */
export interface TemplateFields {
  name: string;
  fromEmail: string;
  fromName: string;
  fromNameFr: string;
  subject: string;
  subjectFr: string;
  body: string;
  bodyFr: string;
}

export const emailTemplateStream = (templateId: number): string => `emailTemplate-${templateId}`;
