import { Checkbox } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { REQUEST_DURATION_CHOICES } from '../../../../domain/request-forms/rules';
import { CheckboxGroupField } from '../../shared/fields/CheckboxGroupField';

interface DurationsFieldProps {
  durations: readonly number[];
  /** "15 min". */
  label: (minutes: number) => string;
  error: string | undefined;
  onChange: (change: (durations: number[]) => number[]) => void;
}

/** The appointment lengths a lane offers (§9 choices, in minutes), at least one (§5), kept in order. */
export function DurationsField({ durations, label, error, onChange }: DurationsFieldProps) {
  const { t } = useTranslation();
  return (
    <CheckboxGroupField label={t('requestForms.lane.durations')} error={error} className="rf-choice-row" required>
      {REQUEST_DURATION_CHOICES.map((minutes) => (
        <Checkbox
          key={minutes}
          label={label(minutes)}
          checked={durations.includes(minutes)}
          onChange={(event) => {
            const on = event.currentTarget.checked;
            onChange((current) =>
              REQUEST_DURATION_CHOICES.filter((value) => (value === minutes ? on : current.includes(value))),
            );
          }}
        />
      ))}
    </CheckboxGroupField>
  );
}
