import { FormGroup, TextArea, type TextAreaProps } from '@blueprintjs/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface TextAreaFieldProps extends Omit<TextAreaProps, 'value' | 'onChange' | 'intent' | 'id'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** A validation message: the field turns red and the message replaces the helper text. */
  error?: string | undefined;
  helperText?: ReactNode;
  required?: boolean;
}

/** TextField's multi-line sibling: a labelled Blueprint TextArea with helper text and the danger intent. */
export function TextAreaField({ label, value, onValueChange, error, helperText, required, className, ...areaProps }: TextAreaFieldProps) {
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
      <TextArea
        {...areaProps}
        id={id}
        fill
        value={value}
        onChange={(event) => onValueChange(event.currentTarget.value)}
        intent={error ? 'danger' : 'none'}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={helper ? helperId : undefined}
      />
    </FormGroup>
  );
}
