import { Button } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../shared/fields/SelectField';
import { TextField } from '../../shared/fields/TextField';
import { momentOf, wallClockOf } from './auditRecordsParams';
import { RECORD_KINDS, type RecordKind, type RecordRequest } from './types';

const ID_FORMS: Record<RecordKind, RegExp> = {
  appointment: /^[1-9]\d{0,9}$/,
  calendarDate: /^[1-9]\d{0,9}:\d{4}-\d{2}-\d{2}$/,
  calendar: /^[1-9]\d{0,9}$/,
  user: /^[1-9]\d{0,9}$/,
  service: /^[1-9]\d{0,9}$/,
  series: /^[1-9]\d{0,9}$/,
};

interface Props {
  /** The record shown, or null before one is asked for. */
  initial: RecordRequest | null;
  onSubmit: (request: RecordRequest) => void;
}

/** Which record, and as of when: a kind, its id, and a moment (date and time on the unit's clocks; none: now). */
export function RecordForm({ initial, onSubmit }: Props) {
  const { t } = useTranslation();
  const start = wallClockOf(initial?.at);
  const [kind, setKind] = useState<RecordKind>(initial?.kind ?? 'appointment');
  const [id, setId] = useState(initial?.id ?? '');
  const [date, setDate] = useState(start.date);
  const [time, setTime] = useState(start.time);
  const [idProblem, setIdProblem] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = id.trim();
    const wrong = !ID_FORMS[kind].test(trimmed);
    setIdProblem(wrong);
    if (wrong) return;
    // the moment of a link (to the millisecond) stays as it was while its date and time are not changed
    const unchanged = initial?.at !== undefined && date === start.date && time === start.time;
    const at = unchanged ? initial.at : momentOf(date, time);
    onSubmit({ kind, id: trimmed, ...(at ? { at } : {}) });
  };

  return (
    <form className="audit-record-form" aria-label={t('auditRecords.form.label')} onSubmit={submit} noValidate>
      <SelectField
        label={t('auditRecords.form.kind')}
        value={kind}
        choices={RECORD_KINDS.map((value) => ({ value, label: t(`auditRecords.kinds.${value}`) }))}
        onValueChange={setKind}
        required
      />
      <TextField
        label={t('auditRecords.form.id')}
        value={id}
        onValueChange={(next) => {
          setId(next);
          if (idProblem) setIdProblem(!ID_FORMS[kind].test(next.trim()));
        }}
        helperText={t(kind === 'calendarDate' ? 'auditRecords.form.calendarDateIdHint' : 'auditRecords.form.idHint')}
        error={
          idProblem ? t(`auditRecords.form.${kind === 'calendarDate' ? 'calendarDateIdWrong' : 'idWrong'}`) : undefined
        }
        required
      />
      <TextField
        type="date"
        label={t('auditRecords.form.date')}
        value={date}
        onValueChange={setDate}
        helperText={t('auditRecords.form.dateHint')}
      />
      <TextField
        type="time"
        step={1}
        label={t('auditRecords.form.time')}
        value={time}
        onValueChange={setTime}
        disabled={date === ''}
      />
      <Button type="submit" intent="primary" icon="search-template" text={t('auditRecords.form.show')} />
    </form>
  );
}
