import { Button } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../shared/fields/SelectField';
import { TextField } from '../../shared/fields/TextField';
import { ageChoices } from './ageChoices';
import { ReportCalendarsField } from './ReportCalendarsField';
import { reportProblems, type ReportProblems } from './reportForm';
import type { ReportFilters } from './types';

interface Props {
  /** What the form starts with: the report shown, or the defaults. */
  initial: ReportFilters;
  onSubmit: (filters: ReportFilters) => void;
}

/** §2.3 /admin/report's form: calendars, start and end dates, minimum and maximum age (§9 choices); §5 checks. */
export function ReportForm({ initial, onSubmit }: Props) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<ReportProblems>({});
  const change = (changes: Partial<ReportFilters>) => {
    const next = { ...values, ...changes };
    setValues(next);
    // once shown, a problem goes as soon as it is put right
    if (Object.keys(problems).length > 0) setProblems(reportProblems(next));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = reportProblems(values);
    setProblems(found);
    if (Object.keys(found).length === 0) onSubmit(values);
  };
  const message = (field: keyof ReportProblems) => {
    const problem = problems[field];
    return problem ? t(`report.form.${problem}`) : undefined;
  };
  return (
    <form className="report-form" aria-label={t('report.form.label')} onSubmit={submit} noValidate>
      <div className="report-calendars">
        <ReportCalendarsField
          calendarIds={values.calendarIds}
          onChange={(calendarIds) => change({ calendarIds })}
          error={message('calendarIds')}
        />
      </div>
      <div className="report-bounds">
        <TextField
          type="date"
          label={t('report.form.startDate')}
          value={values.startDate}
          onValueChange={(startDate) => change({ startDate })}
          error={message('startDate')}
          helperText={t('report.form.datesHint')}
          required
        />
        <TextField
          type="date"
          label={t('report.form.endDate')}
          value={values.endDate}
          onValueChange={(endDate) => change({ endDate })}
          error={message('endDate')}
          required
        />
        <SelectField
          label={t('report.form.minAge')}
          value={String(values.minAgeMonths)}
          choices={ageChoices(t, values.minAgeMonths)}
          onValueChange={(value) => change({ minAgeMonths: Number(value) })}
          error={message('minAgeMonths')}
          required
        />
        <SelectField
          label={t('report.form.maxAge')}
          value={String(values.maxAgeMonths)}
          choices={ageChoices(t, values.maxAgeMonths)}
          onValueChange={(value) => change({ maxAgeMonths: Number(value) })}
          required
        />
        <Button type="submit" intent="primary" icon="search" text={t('report.form.submit')} />
      </div>
    </form>
  );
}
