import { Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { MAX_GROUP_SPOTS } from '../../../../domain/calendars/calendar';
import { SelectField, type Choice } from '../../shared/fields/SelectField';
import { TextField } from '../../shared/fields/TextField';
import { TextAreaField } from '../../shared/fields/TextAreaField';
import type { CalendarFormValues } from './calendarForm';

export type ChangeValue = <K extends keyof CalendarFormValues>(field: K, value: CalendarFormValues[K]) => void;

interface GeneralTabProps {
  values: CalendarFormValues;
  /** The message of a field's problem, if it has one. */
  message: (field: string) => string | undefined;
  onChange: ChangeValue;
  locations: readonly Choice[];
  categories: readonly Choice[];
}

const idValue = (id: number | null) => (id === null ? '' : String(id));
const idOf = (value: string) => (value === '' ? null : Number(value));

/** General: name and description in English and French, location, category, the flags, group-session spots and the lock time (§3, §5). */
export function GeneralTab({ values, message, onChange, locations, categories }: GeneralTabProps) {
  const { t } = useTranslation();
  const toggle = (field: 'enabled' | 'syncEnabled' | 'showOnDashboard' | 'groupSession' | 'allowMultipleClients') => (
    <Switch
      label={t(`calendarForm.general.${field}`)}
      checked={values[field]}
      onChange={(event) => onChange(field, event.currentTarget.checked)}
    />
  );
  return (
    <div className="calendar-form-panel">
      <div className="form-row">
        <TextField
          label={t('calendarForm.general.name')}
          value={values.name}
          onValueChange={(value) => onChange('name', value)}
          error={message('name')}
          autoComplete="off"
          maxLength={150}
          lang="en"
          required
        />
        <TextField
          label={t('calendarForm.general.nameFr')}
          value={values.nameFr}
          onValueChange={(value) => onChange('nameFr', value)}
          error={message('nameFr')}
          helperText={t('calendarForm.general.nameFrHint')}
          autoComplete="off"
          maxLength={150}
          lang="fr"
          required
        />
      </div>
      <div className="form-row">
        <TextAreaField
          label={t('calendarForm.general.description')}
          value={values.description}
          onValueChange={(value) => onChange('description', value)}
          error={message('description')}
          maxLength={2000}
          rows={3}
          lang="en"
        />
        <TextAreaField
          label={t('calendarForm.general.descriptionFr')}
          value={values.descriptionFr}
          onValueChange={(value) => onChange('descriptionFr', value)}
          error={message('descriptionFr')}
          helperText={t('calendarForm.general.descriptionFrHint')}
          maxLength={2000}
          rows={3}
          lang="fr"
        />
      </div>
      <div className="form-row">
        <SelectField
          label={t('calendarForm.general.location')}
          value={idValue(values.locationId)}
          choices={locations}
          placeholder={t('calendarForm.general.chooseLocation')}
          onValueChange={(value) => onChange('locationId', idOf(value))}
          error={message('locationId')}
          required
        />
        <SelectField
          label={t('calendarForm.general.category')}
          value={idValue(values.categoryId)}
          choices={categories}
          placeholder={t('calendarForm.general.chooseCategory')}
          onValueChange={(value) => onChange('categoryId', idOf(value))}
          error={message('categoryId')}
          required
        />
      </div>
      <fieldset className="calendar-form-switches">
        <legend className="visually-hidden">{t('calendarForm.general.options')}</legend>
        {toggle('enabled')}
        {toggle('syncEnabled')}
        {toggle('showOnDashboard')}
        {toggle('allowMultipleClients')}
        {toggle('groupSession')}
      </fieldset>
      <div className="form-row">
        {values.groupSession && (
          <TextField
            label={t('calendarForm.general.spots')}
            value={values.spots}
            onValueChange={(value) => onChange('spots', value)}
            error={message('spots')}
            helperText={t('calendarForm.general.spotsHint', { max: MAX_GROUP_SPOTS })}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_GROUP_SPOTS}
            step={1}
            required
          />
        )}
        <TextField
          label={t('calendarForm.general.lockTime')}
          value={values.lockMinutes}
          onValueChange={(value) => onChange('lockMinutes', value)}
          error={message('lockTime')}
          helperText={t('calendarForm.general.lockTimeHint')}
          type="number"
          inputMode="numeric"
          min={5}
          max={1440}
          step={1}
          required
        />
      </div>
    </div>
  );
}
