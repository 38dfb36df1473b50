import type { FormGroupProps } from '@blueprintjs/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What a labelled text field takes besides its control's own props. */
export interface TextValueFieldProps {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** A validation message: the field turns red and the message replaces the helper text. */
  error?: string | undefined;
  helperText?: ReactNode;
  required?: boolean;
}

export interface FieldWiringOptions {
  label: string;
  /** A validation message: the field turns red and the message replaces the helper text. */
  error?: string | undefined;
  helperText?: ReactNode;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
  className?: string | undefined;
  /** Other ids describing the control, kept after the helper's. */
  describedBy?: string | undefined;
}

/**
 * The wiring every labelled field of the admin shares (§8 Web): a Blueprint FormGroup whose label points at the
 * control, "(required)" after it, the danger intent and the refusal's message in place of the helper text; the
 * control gets the id, `required`, `aria-invalid` and `aria-describedby` (the helper text).
 */
export function useFieldWiring({
  label,
  error,
  helperText,
  required,
  disabled,
  className,
  describedBy,
}: FieldWiringOptions) {
  const { t } = useTranslation();
  const id = useId();
  const helperId = `${id}-helper`;
  const helper = error ?? helperText;
  const intent = error ? 'danger' : 'none';
  const formGroup: FormGroupProps = {
    className,
    label,
    labelFor: id,
    labelInfo: required ? t('admin.required') : undefined,
    intent,
    helperText: helper ? <span id={helperId}>{helper}</span> : undefined,
    disabled,
  };
  const control = {
    id,
    required,
    disabled,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [helper ? helperId : undefined, describedBy].filter(Boolean).join(' ') || undefined,
  } as const;
  return { formGroup, control, intent } as const;
}
