import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface SelectFieldProps<Value extends string> {
  label: string;
  value: Value;
  choices: readonly { value: Value; label: string }[];
  onValueChange: (value: Value) => void;
  required?: boolean;
}

/** A labelled Blueprint HTMLSelect (a native select: right on phones, no popover). */
export function SelectField<Value extends string>({ label, value, choices, onValueChange, required }: SelectFieldProps<Value>) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <FormGroup label={label} labelFor={id} labelInfo={required ? t('admin.required') : undefined}>
      <HTMLSelect
        id={id}
        fill
        value={value}
        required={required}
        onChange={(event) => {
          const chosen = choices.find((choice) => choice.value === event.currentTarget.value);
          if (chosen) onValueChange(chosen.value);
        }}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}
