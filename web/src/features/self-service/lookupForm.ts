import type { FieldError } from '../public-booking';

export interface LookupValues {
  confirmationCode: string;
  lastName: string;
}

export type LookupErrors = Partial<Record<keyof LookupValues, FieldError>>;

/** Both fields are needed; the server reads the code without its spaces and dashes, in capitals. */
export function validateLookup(values: LookupValues): LookupErrors {
  const errors: LookupErrors = {};
  if (values.confirmationCode.replace(/[\s-]/g, '') === '') errors.confirmationCode = 'required';
  if (values.lastName.trim() === '') errors.lastName = 'required';
  return errors;
}
