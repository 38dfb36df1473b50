import { FormGroup, InputGroup, type InputGroupProps } from '@blueprintjs/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface TextFieldProps extends Omit<InputGroupProps, 'value' | 'onChange' | 'onValueChange' | 'intent' | 'id'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** A validation message: the field turns red and the message replaces the helper text. */
  error?: string | undefined;
  helperText?: ReactNode;
  required?: boolean;
}

/** A labelled Blueprint text input with helper text and the danger intent when its value is refused (§8 Web). */
export function TextField({ label, value, onValueChange, error, helperText, required, className, ...inputProps }: TextFieldProps) {
  const describedBy = inputProps['aria-describedby'];
  const { t } = useTranslation();
  const id = useId();
  const helperId = `${id}-helper`;
  const helper = error ?? helperText;
  return (
    <FormGroup
      className={className}
      label={label}
      labelFor={id}
      labelInfo={required ? t('admin.required') : undefined}
      intent={error ? 'danger' : 'none'}
      helperText={helper ? <span id={helperId}>{helper}</span> : undefined}
    >
      <InputGroup
        {...inputProps}
        id={id}
        value={value}
        onValueChange={(next) => onValueChange(next)}
        intent={error ? 'danger' : 'none'}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={[helper ? helperId : undefined, describedBy].filter(Boolean).join(' ') || undefined}
      />
    </FormGroup>
  );
}
