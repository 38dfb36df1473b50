import { Checkbox, Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatPhone, phoneInputAttributes } from '../../../shared/contact/phone';
import { LanguageRadioGroup } from '../../../shared/contact/LanguageRadioGroup';
import { SelectField } from '../../../shared/fields/SelectField';
import { TextField } from '../../../shared/fields/TextField';
import type { StaffReminderType } from '../types';
import {
  reminderTypesOffered,
  withReminderOffered,
  type FormErrors,
  type FormRules,
  type FormValues,
} from './appointmentValues';
import { useErrorText } from './useErrorText';

interface StaffContactFieldsProps {
  values: FormValues;
  rules: FormRules;
  errors: FormErrors;
  onChange: (values: FormValues) => void;
}

/**
 * §5 the contact part of the staff form: e-mail with the confirmation and reminder e-mails, language, phones with
 * their do-not-call flags, the reminder type 0-6 (do-not-call removes that phone's voice and SMS reminders) and the
 * phone for reminders to another phone (types 5 and 6).
 */
export function StaffContactFields({ values, rules, errors, onChange }: StaffContactFieldsProps) {
  const { t } = useTranslation();
  const errorText = useErrorText(rules);
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) =>
    onChange(withReminderOffered({ ...values, [key]: value }));
  const phone = (key: 'phone' | 'phoneAlt' | 'phoneReminderCustom', required: boolean) => (
    <TextField
      label={t(`appointments.form.fields.${key}`)}
      required={required}
      {...phoneInputAttributes}
      helperText={t('appointments.form.phoneHint')}
      error={errorText(errors[key])}
      value={values[key]}
      onValueChange={(value) => set(key, value)}
      onBlur={(event) => set(key, formatPhone(event.currentTarget.value))}
    />
  );
  const type = values.phoneReminderType;
  const languageError = errorText(errors.language);

  return (
    <div className="appt-contact">
      <div>
        <TextField
          label={t('appointments.form.fields.email')}
          type="email"
          maxLength={180}
          required={values.sendConfirmationEmail || values.sendReminderEmail}
          error={errorText(errors.email)}
          value={values.email}
          onValueChange={(value) => set('email', value)}
        />
        <Checkbox
          className="appt-checkbox"
          label={t('appointments.form.fields.sendConfirmationEmail')}
          checked={values.sendConfirmationEmail}
          onChange={(event) => set('sendConfirmationEmail', event.currentTarget.checked)}
        />
        <Checkbox
          className="appt-checkbox"
          label={t('appointments.form.fields.sendReminderEmail')}
          checked={values.sendReminderEmail}
          onChange={(event) => set('sendReminderEmail', event.currentTarget.checked)}
        />
      </div>
      <div>
        <LanguageRadioGroup
          className="appt-radio-group"
          label={
            <>
              {t('appointments.form.fields.language')} <span className={Classes.TEXT_MUTED}>{t('admin.required')}</span>
            </>
          }
          name="appt-language"
          value={values.language}
          onChange={(language) => set('language', language)}
        />
        {languageError && (
          <p className="appt-error" role="alert">
            {languageError}
          </p>
        )}
      </div>
      <div>
        {phone('phone', true)}
        <Checkbox
          className="appt-checkbox"
          label={t('appointments.form.fields.phoneDoNotCall')}
          checked={values.phoneDoNotCall}
          onChange={(event) => set('phoneDoNotCall', event.currentTarget.checked)}
        />
      </div>
      <div>
        {phone('phoneAlt', type === 3 || type === 4)}
        <Checkbox
          className="appt-checkbox"
          label={t('appointments.form.fields.phoneAltDoNotCall')}
          checked={values.phoneAltDoNotCall}
          onChange={(event) => set('phoneAltDoNotCall', event.currentTarget.checked)}
        />
      </div>
      <div>
        <SelectField
          label={t('appointments.form.fields.phoneReminderType')}
          required
          value={String(type)}
          choices={reminderTypesOffered(values).map((offered) => ({
            value: String(offered),
            label: t(`appointments.form.reminders.${offered}`),
          }))}
          onValueChange={(value) => set('phoneReminderType', Number(value) as StaffReminderType)}
        />
        {(type === 5 || type === 6) && phone('phoneReminderCustom', true)}
      </div>
    </div>
  );
}
