import { TextField } from '../../../shared/fields/TextField';
import type { ServiceFormValues } from './serviceForm';
import type { ServiceTabProps } from './ServiceGeneralTab';

type NumberFieldName = keyof ServiceFormValues &
  ('minDaysAhead' | 'maxDaysAhead' | 'defaultSpots' | 'selfServiceCutoffHours' | 'waitlistOfferHours');

/** A required whole number of the service form (days ahead, spots, hours) between `min` and `max`, with its hint. */
export function ServiceNumberField({
  field,
  label,
  hint,
  min,
  max,
  disabled = false,
  values,
  message,
  onChange,
}: ServiceTabProps & {
  field: NumberFieldName;
  label: string;
  hint: string;
  min: number;
  max: number;
  disabled?: boolean;
}) {
  return (
    <TextField
      label={label}
      value={values[field]}
      onValueChange={(value) => onChange(field, value)}
      error={message(field)}
      helperText={hint}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={1}
      required
      disabled={disabled}
    />
  );
}
