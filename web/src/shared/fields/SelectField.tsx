import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useFieldWiring } from './useFieldWiring';

export interface Choice<Value extends string = string> {
  value: Value;
  label: string;
}

interface SelectFieldProps<Value extends string> {
  label: string;
  value: Value;
  choices: readonly Choice<Value>[];
  /** Called with one of the choices' values (or '' for the placeholder). */
  onValueChange: (value: Value) => void;
  /** The first, empty choice ("Choose a location"), when nothing may be chosen yet: only where '' is a value. */
  placeholder?: '' extends Value ? string : never;
  /** A validation message: the field turns red and the message replaces the helper text. */
  error?: string | undefined;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  className?: string;
}

/**
 * A labelled Blueprint HTMLSelect (a native select: right on phones, no popover) with helper text, the danger
 * intent and the message of a refused value, wired like TextField.
 */
export function SelectField<Value extends string = string>({
  label,
  value,
  choices,
  onValueChange,
  placeholder,
  error,
  helperText,
  required,
  disabled,
  className,
}: SelectFieldProps<Value>) {
  const { formGroup, control } = useFieldWiring({ label, error, helperText, required, disabled, className });
  return (
    <FormGroup {...formGroup}>
      <HTMLSelect
        {...control}
        fill
        value={value}
        onChange={(event) => {
          const picked = event.currentTarget.value;
          const chosen =
            choices.find((choice) => choice.value === picked)?.value ??
            (placeholder !== undefined && picked === '' ? (picked as Value) : undefined);
          if (chosen !== undefined) onValueChange(chosen);
        }}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}
