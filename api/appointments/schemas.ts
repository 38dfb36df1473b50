import { z } from 'zod';
import { botCheckPayload } from '../bot-check/schemas';
import { recordId } from '../shared-schemas';

const phone = z.string().trim().regex(/^\d{3}-?\d{3}-?\d{4}$/, 'Enter a valid 10-digit phone number').max(12);
const optionalPhone = z.union([z.literal(''), phone]).default('');
const name = z.string().trim().min(1).max(100);

/**
 * §3 Appointment as the public form sends it (§5 public form): the names of each client, contact details, reminder
 * choices (0, 2, 4, 6 only; a custom phone for 6), consents, and the lock it books.
 */
export const publicAppointmentBody = z
  .strictObject({
    lockToken: z.string().min(1).max(100),
    clientData: z
      .array(z.strictObject({ firstName: name, lastName: name, preferredName: z.string().trim().max(100).default('') }))
      .min(1)
      .max(10),
    email: z.union([z.literal(''), z.string().trim().email().max(180)]).default(''),
    language: z.enum(['en', 'fr']),
    phone,
    phoneDoNotCall: z.boolean().default(false),
    phoneAlt: optionalPhone,
    phoneAltDoNotCall: z.boolean().default(false),
    phoneReminderType: z.union([z.literal(0), z.literal(2), z.literal(4), z.literal(6)]),
    phoneReminderCustom: optionalPhone,
    sendConfirmationEmail: z.boolean().default(false),
    sendReminderEmail: z.boolean().default(false),
    agreeValidInfo: z.boolean().default(false),
    agreePhone: z.boolean().default(false),
    spots: z.number().int().min(1).max(100).default(1),
    serviceId: recordId.optional().describe('The service booked through: its form rules (required e-mail, consents) are checked'),
    botCheck: botCheckPayload.optional(),
  })
  .superRefine((appointment, context) => {
    if (appointment.phoneReminderType === 6 && !appointment.phoneReminderCustom) {
      context.addIssue({ code: 'custom', path: ['phoneReminderCustom'], message: 'Required for reminders to another phone' });
    }
    if ((appointment.sendConfirmationEmail || appointment.sendReminderEmail) && !appointment.email) {
      context.addIssue({ code: 'custom', path: ['email'], message: 'Required to send e-mails' });
    }
  });

/** The answer echoes no personal data: only the code the client keeps. */
export const publicAppointmentCreated = z.object({ confirmationCode: z.string() });
