import { Card, H2, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { SelectField, type Choice } from '../../shared/fields/SelectField';
import { TextAreaField } from '../../shared/fields/TextAreaField';
import type { RequestFormModel } from './useRequestForm';

type TemplateField = 'confirmationTemplateId' | 'reminderTemplateId';

/**
 * Whether the calendar sends e-mails and, for administrators (who have the list of templates), which templates; then
 * anything else the requester wants to say.
 */
export function EmailsCard({ form, templates }: { form: RequestFormModel; templates: readonly Choice[] | null }) {
  const { t } = useTranslation();
  const { values, update, message } = form;
  const template = (field: TemplateField, label: string) => (
    <SelectField
      label={label}
      value={values[field] === null ? '' : String(values[field])}
      choices={templates ?? []}
      placeholder={t('requestForms.fields.defaultTemplate')}
      onValueChange={(value) => update((current) => ({ ...current, [field]: value === '' ? null : Number(value) }))}
      error={message(field)}
    />
  );
  return (
    <>
      <Card className="page-card">
        <H2 className="card-title">{t('requestForms.sections.emails')}</H2>
        <Switch
          label={t('requestForms.fields.enableEmails')}
          checked={values.enableEmails}
          onChange={(event) => {
            const enableEmails = event.currentTarget.checked;
            update((current) => ({ ...current, enableEmails }));
          }}
        />
        {values.enableEmails &&
          (templates ? (
            <div className="form-row">
              {template('confirmationTemplateId', t('requestForms.fields.confirmationTemplate'))}
              {template('reminderTemplateId', t('requestForms.fields.reminderTemplate'))}
            </div>
          ) : (
            <p className="rf-hint">{t('requestForms.fields.templatesByAdmin')}</p>
          ))}
      </Card>
      <Card className="page-card">
        <H2 className="card-title">{t('requestForms.sections.other')}</H2>
        <TextAreaField
          label={t('requestForms.fields.additionalInformation')}
          value={values.additionalInformation}
          onValueChange={(additionalInformation) => update((current) => ({ ...current, additionalInformation }))}
          maxLength={5000}
          rows={4}
        />
      </Card>
    </>
  );
}
