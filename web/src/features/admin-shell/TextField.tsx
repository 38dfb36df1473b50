import { FormGroup, InputGroup, type InputGroupProps } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useFieldWiring } from './useFieldWiring';

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
  const { formGroup, control, intent } = useFieldWiring({ label, error, helperText, required, className, disabled: inputProps.disabled, describedBy: inputProps['aria-describedby'] });
  return (
    <FormGroup {...formGroup}>
      <InputGroup {...inputProps} {...control} value={value} onValueChange={(next) => onValueChange(next)} intent={intent} />
    </FormGroup>
  );
}
