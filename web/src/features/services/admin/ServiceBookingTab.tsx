import { Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../shared/fields/TextField';
import { clientFormFlags, headerFields } from './serviceForm';
import type { ServiceTabProps } from './ServiceGeneralTab';
import { ServiceSelfServiceFields } from './ServiceSelfServiceFields';

/**
 * Booking steps: the headers of the clinic, date and time steps (§9 defaults), the options of the details form and
 * what clients may do with their booking online.
 */
export function ServiceBookingTab({ values, message, onChange }: ServiceTabProps) {
  const { t } = useTranslation();
  const pairs = [headerFields.slice(0, 2), headerFields.slice(2, 4), headerFields.slice(4, 6)];
  return (
    <div className="calendar-form-panel">
      <fieldset className="service-form-group">
        <legend className="calendar-form-section-title">{t('serviceForm.booking.headers')}</legend>
        {pairs.map((pair) => (
          <div className="form-row" key={pair[0]}>
            {pair.map((field) => (
              <TextField
                key={field}
                label={t(`serviceForm.booking.${field}`)}
                value={values[field]}
                onValueChange={(value) => onChange(field, value)}
                error={message(field)}
                maxLength={200}
                autoComplete="off"
                required
                {...(field.endsWith('Fr') ? { lang: 'fr' } : {})}
              />
            ))}
          </div>
        ))}
      </fieldset>
      <fieldset className="service-form-group calendar-form-switches">
        <legend className="calendar-form-section-title">{t('serviceForm.booking.clientForm')}</legend>
        {clientFormFlags.map((field) => (
          <Switch
            key={field}
            label={t(`serviceForm.booking.${field}`)}
            checked={values[field]}
            onChange={(event) => onChange(field, event.currentTarget.checked)}
          />
        ))}
      </fieldset>
      <ServiceSelfServiceFields values={values} message={message} onChange={onChange} />
    </div>
  );
}
