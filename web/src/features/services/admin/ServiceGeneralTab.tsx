import { Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DURATION_CHOICES } from '../../../../../domain/calendars/lane';
import { MAX_DAYS_AHEAD, MAX_SERVICE_SPOTS } from '../../../../../domain/services/service';
import { SelectField } from '../../../shared/fields/SelectField';
import { TextAreaField } from '../../../shared/fields/TextAreaField';
import { TextField } from '../../../shared/fields/TextField';
import type { ServiceFormValues } from './serviceForm';
import { ServiceCalendarsField } from './ServiceCalendarsField';
import { ServiceNumberField } from './ServiceNumberField';
import type { ServiceCalendar } from './types';

export type ChangeValue = <K extends keyof ServiceFormValues>(field: K, value: ServiceFormValues[K]) => void;

export interface ServiceTabProps {
  values: ServiceFormValues;
  /** The message of a field's problem, if it has one. */
  message: (field: keyof ServiceFormValues) => string | undefined;
  onChange: ChangeValue;
}

/** General: titles and descriptions in both languages, the flags, the booking window, duration, spots and calendars. */
export function ServiceGeneralTab({
  values,
  message,
  onChange,
  savedCalendars,
}: ServiceTabProps & { savedCalendars: readonly ServiceCalendar[] }) {
  const { t } = useTranslation();
  const text = (field: 'title' | 'titleFr', maxLength: number) => (
    <TextField
      label={t(`serviceForm.general.${field}`)}
      value={values[field]}
      onValueChange={(value) => onChange(field, value)}
      error={message(field)}
      maxLength={maxLength}
      autoComplete="off"
      required
      {...(field.endsWith('Fr') ? { lang: 'fr' } : {})}
    />
  );
  const description = (field: 'description' | 'descriptionFr') => (
    <TextAreaField
      label={t(`serviceForm.general.${field}`)}
      value={values[field]}
      onValueChange={(value) => onChange(field, value)}
      error={message(field)}
      maxLength={2000}
      rows={3}
      required
      {...(field === 'descriptionFr' ? { lang: 'fr' } : {})}
    />
  );
  const number = (field: 'minDaysAhead' | 'maxDaysAhead' | 'defaultSpots', min: number, max: number, hint: string) => (
    <ServiceNumberField
      {...{ values, message, onChange, field, min, max, hint }}
      label={t(`serviceForm.general.${field}`)}
    />
  );
  const daysHint = t('serviceForm.general.daysHint', { max: MAX_DAYS_AHEAD });
  return (
    <div className="calendar-form-panel">
      <div className="form-row">
        {text('title', 150)}
        {text('titleFr', 150)}
      </div>
      <div className="form-row">
        {description('description')}
        {description('descriptionFr')}
      </div>
      <fieldset className="calendar-form-switches">
        <legend className="visually-hidden">{t('serviceForm.general.options')}</legend>
        <Switch
          label={t('serviceForm.general.enabled')}
          checked={values.enabled}
          onChange={(event) => onChange('enabled', event.currentTarget.checked)}
        />
        <Switch
          label={t('serviceForm.general.isPublic')}
          checked={values.isPublic}
          onChange={(event) => onChange('isPublic', event.currentTarget.checked)}
        />
        <p className="service-form-hint">{t('serviceForm.general.isPublicHint')}</p>
      </fieldset>
      <div className="form-row">
        {number('minDaysAhead', 0, MAX_DAYS_AHEAD, daysHint)}
        {number('maxDaysAhead', 0, MAX_DAYS_AHEAD, daysHint)}
      </div>
      <div className="form-row">
        <SelectField
          label={t('serviceForm.general.defaultDuration')}
          value={String(values.defaultDuration)}
          choices={DURATION_CHOICES.map((seconds) => ({
            value: String(seconds),
            label: t('serviceForm.general.minutes', { count: seconds / 60 }),
          }))}
          onValueChange={(value) => onChange('defaultDuration', Number(value))}
          error={message('defaultDuration')}
          required
        />
        {number('defaultSpots', 1, MAX_SERVICE_SPOTS, t('serviceForm.general.spotsHint', { max: MAX_SERVICE_SPOTS }))}
      </div>
      <ServiceCalendarsField
        calendarIds={values.calendarIds}
        saved={savedCalendars}
        onChange={(ids) => onChange('calendarIds', ids)}
        error={message('calendarIds')}
      />
    </div>
  );
}
