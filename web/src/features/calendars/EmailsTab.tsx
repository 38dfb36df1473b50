import { Callout, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { SelectField, type Choice } from '../../shared/fields/SelectField';
import { TextField } from '../../shared/fields/TextField';
import { MAX_REMINDER_DAYS_BEFORE } from '../../../../domain/calendars/calendar';
import { MAX_REMINDER_DAYS, type CalendarFormValues } from './calendarForm';
import type { ChangeValue } from './GeneralTab';

interface EmailsTabProps {
  values: CalendarFormValues;
  message: (field: string) => string | undefined;
  onChange: ChangeValue;
  /** The templates offered, by id; null while the list is not loaded (or failed to load). */
  templates: readonly Choice[] | null;
}

/**
 * Emails: whether confirmation and reminder e-mails are sent and, when they are, the two templates and the reminder
 * threshold in days (all three required: §5), and up to two more reminders (issue 19: e.g. 7 and 1 days before).
 */
export function EmailsTab({ values, message, onChange, templates }: EmailsTabProps) {
  const { t } = useTranslation();
  // Without the list, only the templates already chosen can be offered (under their number).
  const choicesWith = (id: number | null): Choice[] => {
    const listed = templates ?? [];
    if (id === null || listed.some((choice) => choice.value === String(id))) return [...listed];
    return [...listed, { value: String(id), label: t('calendarForm.emails.templateNumber', { id }) }];
  };
  const template = (field: 'notificationTemplateId' | 'reminderTemplateId', label: string) => (
    <SelectField
      label={label}
      value={values[field] === null ? '' : String(values[field])}
      choices={choicesWith(values[field])}
      placeholder={t('calendarForm.emails.chooseTemplate')}
      onValueChange={(value) => onChange(field, value === '' ? null : Number(value))}
      error={message(field)}
      required
    />
  );
  return (
    <div className="calendar-form-panel">
      <Switch
        label={t('calendarForm.emails.emailsEnabled')}
        checked={values.emailsEnabled}
        onChange={(event) => onChange('emailsEnabled', event.currentTarget.checked)}
      />
      {values.emailsEnabled && (
        <>
          {templates === null && (
            <Callout intent="primary" icon="info-sign" className="form-callout">
              {t('calendarForm.emails.templatesUnavailable')}
            </Callout>
          )}
          <div className="form-row">
            {template('notificationTemplateId', t('calendarForm.emails.notificationTemplate'))}
            {template('reminderTemplateId', t('calendarForm.emails.reminderTemplate'))}
          </div>
          <div className="form-row">
            <TextField
              label={t('calendarForm.emails.reminderThreshold')}
              value={values.reminderThreshold}
              onValueChange={(value) => onChange('reminderThreshold', value)}
              error={message('reminderThreshold')}
              helperText={t('calendarForm.emails.reminderThresholdHint')}
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_REMINDER_DAYS}
              step={1}
              required
            />
            {values.extraReminderDays.map((days, index) => (
              <TextField
                key={index}
                label={t(
                  index === 0 ? 'calendarForm.emails.extraReminderDays' : 'calendarForm.emails.extraReminderDaysMore',
                )}
                value={days}
                onValueChange={(value) =>
                  onChange(
                    'extraReminderDays',
                    values.extraReminderDays.map((other, at) => (at === index ? value : other)),
                  )
                }
                error={index === 0 ? message('extraReminderDays') : undefined}
                helperText={index === 0 ? t('calendarForm.emails.extraReminderDaysHint') : undefined}
                type="number"
                inputMode="numeric"
                min={0}
                max={MAX_REMINDER_DAYS_BEFORE}
                step={1}
              />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
