import { FormGroup, InputGroup, type InputGroupProps } from '@blueprintjs/core';
import { useFieldWiring, type TextValueFieldProps } from './useFieldWiring';

type TextFieldProps = Omit<InputGroupProps, 'value' | 'onChange' | 'onValueChange' | 'intent' | 'id'> &
  TextValueFieldProps;

/** A labelled Blueprint text input with helper text and the danger intent when its value is refused (§8 Web). */
export function TextField({
  label,
  value,
  onValueChange,
  error,
  helperText,
  required,
  className,
  ...inputProps
}: TextFieldProps) {
  const { formGroup, control, intent } = useFieldWiring({
    label,
    error,
    helperText,
    required,
    className,
    disabled: inputProps.disabled,
    describedBy: inputProps['aria-describedby'],
  });
  return (
    <FormGroup {...formGroup}>
      <InputGroup
        {...inputProps}
        {...control}
        value={value}
        onValueChange={(next) => onValueChange(next)}
        intent={intent}
      />
    </FormGroup>
  );
}
