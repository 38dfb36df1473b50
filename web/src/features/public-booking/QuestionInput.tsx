import { HTMLSelect, InputGroup, Radio, RadioGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Question } from '../../../../domain/services/questionnaire';
import type { Language } from '../../i18n/languages';
import { assertNever } from '../../../../domain/shared/decider';

interface QuestionInputProps {
  question: Question;
  /** The question, as the legend of a radio group (other controls are labelled by their form group). */
  label: string;
  language: Language;
  id: string;
  value: string;
  invalid: boolean;
  describedBy: string | undefined;
  onChange: (value: string) => void;
}

/** The control of one questionnaire question, by its type (§3): text, number, date, select or radio. */
export function QuestionInput({
  label,
  question,
  language,
  id,
  value,
  invalid,
  describedBy,
  onChange,
}: QuestionInputProps) {
  const { t } = useTranslation();
  const placeholder = question.placeholder[language] || undefined;
  const aria = { 'aria-invalid': invalid, 'aria-describedby': describedBy, 'aria-required': true } as const;
  switch (question.type) {
    case 'select':
      return (
        <HTMLSelect id={id} fill value={value} onChange={(event) => onChange(event.currentTarget.value)} {...aria}>
          <option value="">{placeholder ?? t('booking.questionnaire.choose')}</option>
          {question.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label[language]}
            </option>
          ))}
        </HTMLSelect>
      );
    case 'radio':
      return (
        <RadioGroup
          label={label}
          name={id}
          selectedValue={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          className="booking-radio-group"
        >
          {question.options.map((option, index) => (
            <Radio
              key={option.value}
              id={index === 0 ? id : undefined}
              value={option.value}
              label={option.label[language]}
              {...aria}
            />
          ))}
        </RadioGroup>
      );
    case 'number':
      return (
        <InputGroup
          id={id}
          type="number"
          inputMode="decimal"
          value={value}
          placeholder={placeholder}
          onValueChange={onChange}
          intent={invalid ? 'danger' : 'none'}
          {...aria}
        />
      );
    case 'date':
      return (
        <InputGroup
          id={id}
          type="date"
          value={value}
          placeholder={placeholder}
          onValueChange={onChange}
          intent={invalid ? 'danger' : 'none'}
          {...aria}
        />
      );
    case 'text':
      return (
        <InputGroup
          id={id}
          value={value}
          placeholder={placeholder}
          onValueChange={onChange}
          intent={invalid ? 'danger' : 'none'}
          maxLength={200}
          {...aria}
        />
      );
    default:
      return assertNever(question.type);
  }
}
