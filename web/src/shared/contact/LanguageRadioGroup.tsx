import { Radio, RadioGroup } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { Language } from '../../i18n/languages';

interface LanguageRadioGroupProps {
  className: string;
  name: string;
  label: ReactNode;
  value: string;
  onChange: (language: Language) => void;
}

/** §5 the client's language, English or French, each named in its own language (public and staff forms). */
export function LanguageRadioGroup({ className, name, label, value, onChange }: LanguageRadioGroupProps) {
  return (
    <RadioGroup
      className={className}
      label={label}
      name={name}
      inline
      selectedValue={value}
      onChange={(event) => onChange(event.currentTarget.value === 'fr' ? 'fr' : 'en')}
    >
      <Radio value="en" label="English" lang="en" />
      <Radio value="fr" label="Français" lang="fr" />
    </RadioGroup>
  );
}
