import { Card, H2, H1, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../shared/forms/FormActions';
import { FormCallouts } from '../../shared/forms/FormCallouts';
import { TextField } from '../../shared/fields/TextField';
import { useRecordForm } from '../../shared/forms/useRecordForm';
import '../../shared/forms/referenceForms.css';
import {
  addressFields,
  formatPhone,
  formatPostalCode,
  initialValues,
  officeRegions,
  problemsFromIssues,
  provinces,
  toLocationBody,
  validateLocation,
  type LocationField,
  type LocationFormProblems,
} from './locationForm';
import './locations.css';
import { useCreateLocationMutation, useUpdateLocationMutation } from './locationsApi';
import { SelectField } from '../../shared/fields/SelectField';
import type { Location } from './types';

/**
 * The location form (§2.3, §3, §5): names in both languages, office region, virtual or not, the address (shown and
 * required only for a physical location), e-mail, phone (shown XXX-XXX-XXXX) and the messaging-service location.
 */
export function LocationForm({ title, location }: { title: string; location: Location | undefined }) {
  const { t } = useTranslation();
  const [createLocation, creation] = useCreateLocationMutation();
  const [updateLocation, update] = useUpdateLocationMutation();
  const form = useRecordForm({
    initialValues: () => initialValues(location),
    validate: validateLocation,
    problemsFromIssues,
    save: (values) => {
      const body = toLocationBody(values);
      return location ? updateLocation({ id: location.id, body }) : createLocation(body);
    },
    savedMessage: location ? t('locations.updated') : t('locations.created'),
    listPath: '/admin/locations',
  });
  const { values, failure, change, onSubmit } = form;
  const shownProblems: LocationFormProblems = { ...form.shownProblems };
  if (values.isVirtual) for (const field of addressFields) delete shownProblems[field];
  const message = (field: LocationField) => (shownProblems[field] ? t(shownProblems[field]) : undefined);
  const saving = creation.isLoading || update.isLoading;

  const text = (
    field: Exclude<LocationField, 'officeRegion' | 'isVirtual' | 'province'>,
    maxLength: number,
    extra: { required?: boolean; lang?: string } = {},
  ) => ({
    label: t(`locations.${field}`),
    value: values[field],
    onValueChange: (value: string) => change(field, value),
    error: message(field),
    autoComplete: 'off',
    maxLength,
    ...extra,
  });

  return (
    <>
      <H1 className="page-title">{title}</H1>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="reference-form location-form">
        <FormCallouts
          failure={failure}
          hasProblems={Object.keys(shownProblems).length > 0}
          fixFieldsText={t('locations.fixFields')}
        />
        <Card className="page-card">
          <div className="form-row">
            <TextField {...text('name', 150, { required: true })} />
            <TextField {...text('nameFr', 150, { required: true, lang: 'fr' })} />
          </div>
          <div className="form-row">
            <SelectField
              label={t('locations.officeRegion')}
              value={values.officeRegion}
              choices={officeRegions.map((region) => ({ value: region, label: t(`locations.regions.${region}`) }))}
              onValueChange={(value) => change('officeRegion', value)}
              required
            />
            <div className="location-virtual">
              <Switch
                label={t('locations.isVirtual')}
                checked={values.isVirtual}
                onChange={(event) => change('isVirtual', event.currentTarget.checked)}
              />
            </div>
          </div>
          {!values.isVirtual && (
            <section className="location-section" aria-labelledby="location-address-heading">
              <H2 id="location-address-heading" className="location-section-title">
                {t('locations.addressSection')}
              </H2>
              <div className="form-row">
                <TextField {...text('address', 200, { required: true })} />
                <TextField {...text('addressFr', 200, { required: true, lang: 'fr' })} />
              </div>
              <div className="form-row">
                <TextField {...text('city', 100, { required: true })} />
                <SelectField
                  label={t('locations.province')}
                  value={values.province}
                  choices={provinces.map((province) => ({
                    value: province,
                    label: t(`locations.provinces.${province}`),
                  }))}
                  onValueChange={(value) => change('province', value)}
                  required
                />
              </div>
              <div className="form-row">
                <TextField
                  {...text('postalCode', 7, { required: true })}
                  helperText={t('locations.postalCodeHint')}
                  onBlur={(event) => change('postalCode', formatPostalCode(event.currentTarget.value))}
                />
              </div>
            </section>
          )}
          <section className="location-section" aria-labelledby="location-contact-heading">
            <H2 id="location-contact-heading" className="location-section-title">
              {t('locations.contactSection')}
            </H2>
            <div className="form-row">
              <TextField {...text('email', 180)} type="email" />
              <TextField
                {...text('phone', 12)}
                type="tel"
                inputMode="tel"
                placeholder="613-555-0100"
                helperText={t('locations.phoneHint')}
                onBlur={(event) => change('phone', formatPhone(event.currentTarget.value))}
              />
            </div>
            <TextField {...text('messagingLocation', 100)} helperText={t('locations.messagingLocationHint')} />
          </section>
        </Card>
        <FormActions
          listPath="/admin/locations"
          cancelText={t('locations.cancel')}
          saveText={t('locations.save')}
          saving={saving}
        />
      </form>
    </>
  );
}
