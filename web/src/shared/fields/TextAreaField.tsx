import { FormGroup, TextArea, type TextAreaProps } from '@blueprintjs/core';
import { useFieldWiring, type TextValueFieldProps } from './useFieldWiring';

type TextAreaFieldProps = Omit<TextAreaProps, 'value' | 'onChange' | 'intent' | 'id'> & TextValueFieldProps;

/** TextField's multi-line sibling: a labelled Blueprint TextArea with helper text and the danger intent. */
export function TextAreaField({
  label,
  value,
  onValueChange,
  error,
  helperText,
  required,
  className,
  ...areaProps
}: TextAreaFieldProps) {
  const { formGroup, control, intent } = useFieldWiring({
    label,
    error,
    helperText,
    required,
    className,
    disabled: areaProps.disabled,
    describedBy: areaProps['aria-describedby'],
  });
  return (
    <FormGroup {...formGroup}>
      <TextArea
        {...areaProps}
        {...control}
        fill
        value={value}
        onChange={(event) => onValueChange(event.currentTarget.value)}
        intent={intent}
      />
    </FormGroup>
  );
}
