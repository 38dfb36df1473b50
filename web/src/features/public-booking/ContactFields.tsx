import { Checkbox, FormGroup, HTMLSelect } from '@blueprintjs/core';
import type { FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  reminderTypesOffered,
  withReminderOffered,
  type AppointmentValues,
  type FormErrors,
  type FormRules,
  type ReminderType,
} from './appointmentForm';
import { formatPhone, phoneInputAttributes } from '../../shared/contact/phone';
import { LanguageRadioGroup } from '../../shared/contact/LanguageRadioGroup';
import { FormField } from './FormField';

interface ContactFieldsProps {
  values: AppointmentValues;
  rules: FormRules;
  errors: FormErrors;
  onChange: (values: AppointmentValues) => void;
  /** The visitor left this field (`email`, `phone`, ...): from then on a wrong entry in it shows its error. */
  onLeave: (field: 'email' | 'phone' | 'phoneAlt' | 'phoneReminderCustom') => void;
}

/**
 * §5 contact details: e-mail, language, phones with their do-not-call flags and the reminder choice. The fields the
 * service removes are not shown; do-not-call on a phone removes the reminders to it.
 */
export function ContactFields({ values, rules, errors, onChange, onLeave }: ContactFieldsProps) {
  const { t } = useTranslation();
  const { fields } = rules;
  const set = <K extends keyof AppointmentValues>(key: K, value: AppointmentValues[K]) =>
    onChange(withReminderOffered({ ...values, [key]: value }, rules));
  const phoneProps = (key: 'phone' | 'phoneAlt' | 'phoneReminderCustom') => ({
    value: values[key],
    error: errors[key],
    ...phoneInputAttributes,
    hint: t('booking.form.phoneHint'),
    onValueChange: (value: string) => set(key, value),
    // What the field holds now, not what this render saw: a blur may come before the render of the last keystroke.
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      set(key, formatPhone(event.currentTarget.value));
      onLeave(key);
    },
  });
  const reminderTypes = reminderTypesOffered(values, rules);
  const reminderError = errors.phoneReminderType;
  const emailRequired = rules.emailRequired || values.sendReminderEmail;

  return (
    <>
      <FormField
        id="booking-email"
        label={t('booking.form.email')}
        type="email"
        autoComplete="email"
        maxLength={180}
        value={values.email}
        required={emailRequired}
        error={errors.email}
        hint={rules.emailsEnabled ? t('booking.form.emailHint') : undefined}
        onValueChange={(value) => set('email', value)}
        onBlur={() => onLeave('email')}
      />
      {rules.emailsEnabled && (
        <Checkbox
          className="booking-checkbox"
          label={t('booking.form.sendReminderEmail')}
          checked={values.sendReminderEmail}
          onChange={(event) => set('sendReminderEmail', event.currentTarget.checked)}
        />
      )}
      {!fields.removePreferredLanguage && (
        <LanguageRadioGroup
          className="booking-radio-group"
          label={t('booking.form.language')}
          name="booking-language"
          value={values.language}
          onChange={(language) => set('language', language)}
        />
      )}

      <FormField
        id="booking-phone"
        label={t('booking.form.phone')}
        required
        autoComplete="tel-national"
        {...phoneProps('phone')}
      />
      {!fields.removePhoneDoNotCall && (
        <Checkbox
          className="booking-checkbox"
          label={t('booking.form.phoneDoNotCall')}
          checked={values.phoneDoNotCall}
          onChange={(event) => set('phoneDoNotCall', event.currentTarget.checked)}
        />
      )}
      {!fields.removePhoneAlt && (
        <>
          <FormField
            id="booking-phone-alt"
            label={t('booking.form.phoneAlt')}
            required={values.phoneReminderType === 4}
            autoComplete="off"
            {...phoneProps('phoneAlt')}
          />
          {!fields.removePhoneAltDoNotCall && (
            <Checkbox
              className="booking-checkbox"
              label={t('booking.form.phoneAltDoNotCall')}
              checked={values.phoneAltDoNotCall}
              onChange={(event) => set('phoneAltDoNotCall', event.currentTarget.checked)}
            />
          )}
        </>
      )}

      {!fields.removePhoneReminderType && (
        <FormGroup
          label={t('booking.form.reminderType')}
          labelFor="booking-reminder-type"
          labelInfo={<span aria-hidden="true">*</span>}
          intent={reminderError ? 'danger' : 'none'}
          helperText={
            reminderError ? (
              <span id="booking-reminder-type-helper">{t(`booking.form.errors.${reminderError}`)}</span>
            ) : undefined
          }
        >
          <HTMLSelect
            id="booking-reminder-type"
            fill
            required
            value={values.phoneReminderType === '' ? '' : String(values.phoneReminderType)}
            aria-invalid={reminderError ? true : undefined}
            aria-describedby={reminderError ? 'booking-reminder-type-helper' : undefined}
            onChange={(event) =>
              set(
                'phoneReminderType',
                event.currentTarget.value === '' ? '' : (Number(event.currentTarget.value) as ReminderType),
              )
            }
          >
            <option value="">{t('booking.form.choose')}</option>
            {reminderTypes.map((type) => (
              <option key={type} value={type}>
                {t(`booking.form.reminder${type}`)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      )}
      {!fields.removePhoneReminderType && values.phoneReminderType === 6 && (
        <FormField
          id="booking-phone-custom"
          label={t('booking.form.phoneReminderCustom')}
          required
          autoComplete="off"
          {...phoneProps('phoneReminderCustom')}
        />
      )}
    </>
  );
}
