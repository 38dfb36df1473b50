import { FormGroup } from '@blueprintjs/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface CheckboxGroupFieldProps {
  label: string;
  /** Shown under the group, unless there is a problem. */
  hint?: string | undefined;
  /** A validation message: the group turns red and the message replaces the hint. */
  error?: string | undefined;
  required?: boolean;
  /** Classes of the group of checkboxes (its layout). */
  className?: string;
  children: ReactNode;
}

/**
 * A labelled group of Blueprint checkboxes (role group named by its label, described by its hint or problem) with
 * the danger intent, as TextField is for one input.
 */
export function CheckboxGroupField({ label, hint, error, required, className, children }: CheckboxGroupFieldProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const helperId = useId();
  const helper = error ?? hint;
  return (
    <FormGroup
      label={<span id={labelId}>{label}</span>}
      labelInfo={required ? t('admin.required') : undefined}
      intent={error ? 'danger' : 'none'}
      helperText={helper ? <span id={helperId}>{helper}</span> : undefined}
    >
      <div
        role="group"
        aria-labelledby={labelId}
        aria-describedby={helper ? helperId : undefined}
        aria-invalid={error ? true : undefined}
        className={className}
      >
        {children}
      </div>
    </FormGroup>
  );
}
