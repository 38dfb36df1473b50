import { Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  MAX_SELF_SERVICE_CUTOFF_HOURS,
  MAX_WAITLIST_OFFER_HOURS,
  MIN_WAITLIST_OFFER_HOURS,
} from '../../../../../domain/services/service';
import type { ServiceTabProps } from './ServiceGeneralTab';
import { ServiceNumberField } from './ServiceNumberField';

/**
 * Self-service (issue 20 items 4 and 6): whether clients may cancel or reschedule online and until how many hours
 * before the appointment, and how long a waitlist offer holds a freed place.
 */
export function ServiceSelfServiceFields({ values, message, onChange }: ServiceTabProps) {
  const { t } = useTranslation();
  const hours = (field: 'selfServiceCutoffHours' | 'waitlistOfferHours', min: number, max: number, hint: string) => (
    <ServiceNumberField
      {...{ values, message, onChange, field, min, max, hint }}
      label={t(`serviceForm.selfService.${field}`)}
      disabled={field === 'selfServiceCutoffHours' && !values.selfServiceEnabled}
    />
  );
  return (
    <fieldset className="service-form-group">
      <legend className="calendar-form-section-title">{t('serviceForm.selfService.title')}</legend>
      <Switch
        label={t('serviceForm.selfService.selfServiceEnabled')}
        checked={values.selfServiceEnabled}
        onChange={(event) => onChange('selfServiceEnabled', event.currentTarget.checked)}
      />
      <div className="form-row">
        {hours(
          'selfServiceCutoffHours',
          0,
          MAX_SELF_SERVICE_CUTOFF_HOURS,
          values.selfServiceEnabled
            ? t('serviceForm.selfService.cutoffHint', { max: MAX_SELF_SERVICE_CUTOFF_HOURS })
            : t('serviceForm.selfService.cutoffOffHint'),
        )}
        {hours(
          'waitlistOfferHours',
          MIN_WAITLIST_OFFER_HOURS,
          MAX_WAITLIST_OFFER_HOURS,
          t('serviceForm.selfService.offerHint', { min: MIN_WAITLIST_OFFER_HOURS, max: MAX_WAITLIST_OFFER_HOURS }),
        )}
      </div>
    </fieldset>
  );
}
