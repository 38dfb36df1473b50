import { FormGroup, InputGroup, type InputGroupProps } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { FieldError } from './appointmentForm';

interface FormFieldProps extends Omit<InputGroupProps, 'id' | 'onChange' | 'value' | 'intent'> {
  id: string;
  label: string;
  value: string;
  required?: boolean;
  error: FieldError | undefined;
  /** Shown under the field while it has no error. */
  hint?: string | undefined;
  onValueChange: (value: string) => void;
}

/** A labelled text field of the appointment form: `*` on required ones, its error or hint under it (§5). */
export function FormField({ id, label, value, required, error, hint, onValueChange, ...input }: FormFieldProps) {
  const { t } = useTranslation();
  const helperId = `${id}-helper`;
  const helper = error ? t(`booking.form.errors.${error}`) : hint;
  return (
    <FormGroup
      label={label}
      labelFor={id}
      labelInfo={required ? <span aria-hidden="true">*</span> : undefined}
      intent={error ? 'danger' : 'none'}
      helperText={helper ? <span id={helperId}>{helper}</span> : undefined}
    >
      <InputGroup
        {...input}
        id={id}
        value={value}
        required={required}
        intent={error ? 'danger' : 'none'}
        aria-invalid={error ? true : undefined}
        aria-describedby={helper ? helperId : undefined}
        onValueChange={onValueChange}
      />
    </FormGroup>
  );
}
