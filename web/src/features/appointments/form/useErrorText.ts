import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../i18n/format';
import { useAdminLanguage } from '../../../shared/adminLanguage';
import type { FieldError, FormRules } from './appointmentValues';

/** The message of a field's error, in the admin's language. */
export function useErrorText(rules: FormRules) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  return (error: FieldError | undefined): string | undefined =>
    error === undefined
      ? undefined
      : t(`appointments.form.errors.${error}`, { max: formatDate(language, rules.maxDateOfBirth) });
}
