import { Checkbox, FormGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { AppointmentValues, FormErrors } from './appointmentForm';

/** §5: when the service requires consent, the visitor confirms the information and agrees to be phoned. */
export function ConsentFields({
  values,
  errors,
  onChange,
}: {
  values: AppointmentValues;
  errors: FormErrors;
  onChange: (values: AppointmentValues) => void;
}) {
  const { t } = useTranslation();
  const box = (key: 'agreeValidInfo' | 'agreePhone') => {
    const error = errors[key];
    return (
      <FormGroup
        className="booking-consent"
        intent={error ? 'danger' : 'none'}
        helperText={error ? <span id={`booking-${key}-helper`}>{t('booking.form.errors.agree')}</span> : undefined}
      >
        <Checkbox
          id={`booking-${key}`}
          checked={values[key]}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `booking-${key}-helper` : undefined}
          labelElement={
            <>
              {t(`booking.form.${key}`)} <span aria-hidden="true">*</span>
            </>
          }
          onChange={(event) => onChange({ ...values, [key]: event.currentTarget.checked })}
        />
      </FormGroup>
    );
  };
  return (
    <>
      {box('agreeValidInfo')}
      {box('agreePhone')}
    </>
  );
}
