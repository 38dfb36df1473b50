import { Button } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../shared/fields/TextField';
import { filterProblems } from './accessLogParams';
import type { AccessLogFilters } from './types';

const NONE: AccessLogFilters = { userId: '', appointmentId: '', from: '', to: '' };

interface Props {
  initial: AccessLogFilters;
  onSubmit: (filters: AccessLogFilters) => void;
}

/** By staff member (what did they look at?), by appointment (who looked at it?), and between two dates. */
export function AccessLogFiltersForm({ initial, onSubmit }: Props) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [shown, setShown] = useState(false);
  const problems = shown ? filterProblems(values) : {};
  const change = (changes: Partial<AccessLogFilters>) => setValues({ ...values, ...changes });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    if (Object.keys(filterProblems(values)).length === 0) onSubmit(values);
  };
  const error = (field: keyof AccessLogFilters) =>
    problems[field] ? t(`accessLog.filters.${problems[field]}`) : undefined;
  return (
    <form className="access-log-filters" aria-label={t('accessLog.filters.label')} onSubmit={submit} noValidate>
      <TextField
        label={t('accessLog.filters.appointmentId')}
        inputMode="numeric"
        value={values.appointmentId}
        onValueChange={(appointmentId) => change({ appointmentId })}
        helperText={t('accessLog.filters.appointmentIdHint')}
        error={error('appointmentId')}
      />
      <TextField
        label={t('accessLog.filters.userId')}
        inputMode="numeric"
        value={values.userId}
        onValueChange={(userId) => change({ userId })}
        helperText={t('accessLog.filters.userIdHint')}
        error={error('userId')}
      />
      <TextField
        type="date"
        label={t('accessLog.filters.from')}
        value={values.from}
        onValueChange={(from) => change({ from })}
      />
      <TextField
        type="date"
        label={t('accessLog.filters.to')}
        value={values.to}
        onValueChange={(to) => change({ to })}
      />
      <div className="access-log-filter-buttons">
        <Button type="submit" intent="primary" icon="search" text={t('accessLog.filters.submit')} />
        <Button
          icon="filter-remove"
          text={t('accessLog.filters.clear')}
          onClick={() => {
            setValues(NONE);
            setShown(false);
            onSubmit(NONE);
          }}
        />
      </div>
    </form>
  );
}
