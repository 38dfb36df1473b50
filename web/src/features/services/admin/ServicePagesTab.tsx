import { Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '../../../shared/fields/TextAreaField';
import type { ServiceTabProps } from './ServiceGeneralTab';

type PageField =
  'landingPage' | 'landingPageFr' | 'confirmationPage' | 'confirmationPageFr' | 'emailContent' | 'emailContentFr';

/** Pages and email: the landing and confirmation pages (required) and the confirmation email's content, in both languages. */
export function ServicePagesTab({ values, message, onChange }: ServiceTabProps) {
  const { t } = useTranslation();
  const page = (field: PageField, required: boolean, hint: string) => (
    <TextAreaField
      label={t(`serviceForm.pages.${field}`)}
      value={values[field]}
      onValueChange={(value) => onChange(field, value)}
      error={message(field)}
      helperText={hint}
      maxLength={20_000}
      rows={6}
      className="service-html"
      required={required}
      {...(field.endsWith('Fr') ? { lang: 'fr' } : {})}
    />
  );
  const htmlHint = t('serviceForm.pages.htmlHint');
  return (
    <div className="calendar-form-panel">
      <div className="form-row">
        {page('landingPage', true, htmlHint)}
        {page('landingPageFr', true, htmlHint)}
      </div>
      <div className="form-row">
        {page('confirmationPage', true, htmlHint)}
        {page('confirmationPageFr', true, htmlHint)}
      </div>
      <Switch
        label={t('serviceForm.pages.emailsEnabled')}
        checked={values.emailsEnabled}
        onChange={(event) => onChange('emailsEnabled', event.currentTarget.checked)}
      />
      <div className="form-row">
        {page('emailContent', false, t('serviceForm.pages.emailContentHint'))}
        {page('emailContentFr', false, t('serviceForm.pages.emailContentHint'))}
      </div>
    </div>
  );
}
