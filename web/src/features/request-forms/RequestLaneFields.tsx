import { Card, H3 } from '@blueprintjs/core';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequestLane } from '../../../../domain/request-forms/request-form';
import { REQUEST_DURATION_CHOICES } from '../../../../domain/request-forms/rules';
import { SelectField } from '../../shared/fields/SelectField';
import { TextField } from '../../shared/fields/TextField';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { ClinicDatesPicker } from './ClinicDatesPicker';
import { DurationsField } from './DurationsField';
import { timeChoices } from './timeChoices';

type TimeField = 'startTime' | 'endTime' | 'firstAppointmentTime' | 'lastAppointmentTime';
type OptionalTimeField = 'breakTimeAm' | 'breakTimePm' | 'lunchTimeStart' | 'lunchTimeEnd';
const times: readonly TimeField[] = ['startTime', 'endTime', 'firstAppointmentTime', 'lastAppointmentTime'];
const optionalTimes: readonly OptionalTimeField[] = ['breakTimeAm', 'breakTimePm', 'lunchTimeStart', 'lunchTimeEnd'];

interface RequestLaneFieldsProps {
  lane: RequestLane;
  title: string;
  today: string;
  /** The message of a problem of this lane's property ('name', 'endTime'...), if it has one. */
  message: (property: string) => string | undefined;
  onChange: (change: (lane: RequestLane) => RequestLane) => void;
}

/**
 * One lane of a request (§3 Request lane, §5), a region named by its title: name, hours, slot interval, durations,
 * breaks and lunch (optional), first and last appointments (times every 5 minutes between 06:00 and 18:00) and its
 * clinic dates.
 */
export function RequestLaneFields({ lane, title, today, message, onChange }: RequestLaneFieldsProps) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const headingId = useId();
  const choices = useMemo(() => timeChoices(language), [language]);
  const set = <K extends keyof RequestLane>(field: K, value: RequestLane[K]) =>
    onChange((current) => ({ ...current, [field]: value }));
  const minutes = (count: number) => t('requestForms.lane.minutes', { count });
  const minuteChoices = REQUEST_DURATION_CHOICES.map((count) => ({ value: String(count), label: minutes(count) }));

  return (
    <Card className="rf-lane" compact>
      <section aria-labelledby={headingId}>
        <H3 id={headingId} className="rf-lane-title">
          {title}
        </H3>
        <div className="rf-lane-grid">
          <TextField
            label={t('requestForms.lane.name')}
            value={lane.name}
            onValueChange={(name) => set('name', name)}
            error={message('name')}
            autoComplete="off"
            maxLength={100}
            required
          />
          {times.map((field) => (
            <SelectField
              key={field}
              label={t(`requestForms.lane.${field}`)}
              value={lane[field]}
              choices={choices}
              onValueChange={(time) => set(field, time)}
              error={message(field)}
              required
            />
          ))}
          <SelectField
            label={t('requestForms.lane.slotInterval')}
            value={String(lane.slotInterval)}
            choices={minuteChoices}
            onValueChange={(value) => set('slotInterval', Number(value))}
            error={message('slotInterval')}
            required
          />
          {optionalTimes.map((field) => (
            <SelectField
              key={field}
              label={t(`requestForms.lane.${field}`)}
              value={lane[field] ?? ''}
              choices={choices}
              placeholder={t('requestForms.lane.none')}
              onValueChange={(time) => set(field, time === '' ? null : time)}
              error={message(field)}
            />
          ))}
        </div>
        <DurationsField
          durations={lane.durations}
          label={minutes}
          error={message('durations')}
          onChange={(change) => onChange((current) => ({ ...current, durations: change(current.durations) }))}
        />
        <ClinicDatesPicker
          dates={lane.clinicDates}
          today={today}
          error={message('clinicDates')}
          onChange={(change) => onChange((current) => ({ ...current, clinicDates: change(current.clinicDates) }))}
        />
      </section>
    </Card>
  );
}
