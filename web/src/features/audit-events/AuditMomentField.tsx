import { FormGroup, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

interface Props {
  id: string;
  label: string;
  date: string;
  time: string;
  error?: string | undefined;
  onChange: (date: string, time: string) => void;
}

/** A moment in the unit's time zone: a date, and an optional time of day (HH:MM). */
export function AuditMomentField({ id, label, date, time, error, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <FormGroup
      label={label}
      labelFor={`${id}-date`}
      intent={error ? 'danger' : 'none'}
      helperText={error ?? t('auditEvents.filters.timeHint')}
      className="audit-moment"
    >
      <div className="audit-moment-inputs">
        <InputGroup
          id={`${id}-date`}
          type="date"
          value={date}
          intent={error ? 'danger' : 'none'}
          onValueChange={(value) => onChange(value, value === '' ? '' : time)}
        />
        <InputGroup
          id={`${id}-time`}
          type="time"
          aria-label={`${label} (${t('auditEvents.filters.time')})`}
          disabled={date === ''}
          value={time}
          onValueChange={(value) => onChange(date, value)}
        />
      </div>
    </FormGroup>
  );
}
