import { Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { SelectField, type Choice } from '../../shared/fields/SelectField';
import { TextAreaField } from '../../shared/fields/TextAreaField';
import { TextField } from '../../shared/fields/TextField';
import type { RequestFormValues } from './requestForm';
import type { RequestFormModel } from './useRequestForm';

type Flag = 'syncWithDashboardOfEvents' | 'showOnCalendarOverview' | 'groupSessions' | 'allowMultipleClients';
const flags: readonly Flag[] = [
  'syncWithDashboardOfEvents',
  'showOnCalendarOverview',
  'groupSessions',
  'allowMultipleClients',
];

/** A request for a new calendar: its name, location and enable date (all required, §5), its options and client fields. */
export function NewCalendarFields({ form, locations }: { form: RequestFormModel; locations: readonly Choice[] }) {
  const { t } = useTranslation();
  const { values, update, message } = form;
  const set = <K extends keyof RequestFormValues>(field: K, value: RequestFormValues[K]) =>
    update((current) => ({ ...current, [field]: value }));
  return (
    <>
      <div className="form-row">
        <TextField
          label={t('requestForms.fields.calendarName')}
          value={values.calendarName}
          onValueChange={(value) => set('calendarName', value)}
          error={message('calendarName')}
          autoComplete="off"
          maxLength={150}
          required
        />
        <SelectField
          label={t('requestForms.fields.location')}
          value={values.locationId === null ? '' : String(values.locationId)}
          choices={locations}
          placeholder={t('requestForms.fields.chooseLocation')}
          onValueChange={(value) => set('locationId', value === '' ? null : Number(value))}
          error={message('locationId')}
          required
        />
        <TextField
          label={t('requestForms.fields.enableOn')}
          type="date"
          value={values.enableOn}
          onValueChange={(value) => set('enableOn', value)}
          error={message('enableOn')}
          helperText={t('requestForms.fields.enableOnHint')}
          required
        />
      </div>
      <fieldset className="calendar-form-switches">
        <legend className="visually-hidden">{t('requestForms.fields.options')}</legend>
        {flags.map((flag) => (
          <Switch
            key={flag}
            label={t(`requestForms.fields.${flag}`)}
            checked={values[flag]}
            onChange={(event) => set(flag, event.currentTarget.checked)}
          />
        ))}
      </fieldset>
      <TextAreaField
        label={t('requestForms.fields.fields')}
        helperText={t('requestForms.fields.fieldsHint')}
        value={values.fields}
        onValueChange={(value) => set('fields', value)}
        maxLength={2000}
        rows={3}
      />
    </>
  );
}
