import { DomainError } from '../shared/decider';
import type { AppointmentDetails } from './appointment';

/** The rules a service sets on its public form (§3 Service flags, §5 public form). */
export interface PublicFormRules {
  emailRequired: boolean;
  consentRequired: boolean;
}

/** The first rule of the service's form that the appointment breaks, naming the field; null when it keeps them all. */
export function publicFormProblem(
  rules: PublicFormRules,
  appointment: Pick<AppointmentDetails, 'email' | 'agreeValidInfo' | 'agreePhone'>,
): DomainError | null {
  const refuse = (field: string, message: string) => new DomainError('VALIDATION_FAILED', message, { field });
  if (rules.emailRequired && !appointment.email) return refuse('email', 'This service needs an e-mail address.');
  if (rules.consentRequired && !appointment.agreeValidInfo)
    return refuse('agreeValidInfo', 'Confirm that the information is valid.');
  if (rules.consentRequired && !appointment.agreePhone) return refuse('agreePhone', 'Agree to be contacted by phone.');
  return null;
}
