import { Button, Callout, Card, H2, H1, Switch } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorCode, errorIssues, errorMessage, type ApiError } from '../../app/errorMessages';
import { RouterAnchorButton } from '../../app/RouterLinks';
import { TextField } from '../admin-shell/TextField';
import { showSuccess } from '../admin-shell/toaster';
import '../categories/categories.css';
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
  type LocationFormValues,
} from './locationForm';
import './locations.css';
import { useCreateLocationMutation, useUpdateLocationMutation } from './locationsApi';
import { SelectField } from './SelectField';
import type { Location } from './types';

/**
 * The location form (§2.3, §3, §5): names in both languages, office region, virtual or not, the address (shown and
 * required only for a physical location), e-mail, phone (shown XXX-XXX-XXXX) and the messaging-service location.
 */
export function LocationForm({ title, location }: { title: string; location: Location | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [createLocation, creation] = useCreateLocationMutation();
  const [updateLocation, update] = useUpdateLocationMutation();
  const [values, setValues] = useState<LocationFormValues>(() => initialValues(location));
  const [attempted, setAttempted] = useState(false);
  const [failure, setFailure] = useState<ApiError>(undefined);
  const [serverProblems, setServerProblems] = useState<LocationFormProblems>({});

  const problems = validateLocation(values);
  const shownProblems: LocationFormProblems = { ...serverProblems, ...(attempted ? problems : {}) };
  if (values.isVirtual) for (const field of addressFields) delete shownProblems[field];
  const message = (field: LocationField) => (shownProblems[field] ? t(shownProblems[field]) : undefined);
  const saving = creation.isLoading || update.isLoading;

  function change<K extends LocationField>(field: K, value: LocationFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    if (field in serverProblems) setServerProblems(({ [field]: _dropped, ...rest }) => rest);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    setFailure(undefined);
    if (Object.keys(problems).length > 0) return;
    const body = toLocationBody(values);
    const answer = location ? await updateLocation({ id: location.id, body }) : await createLocation(body);
    if ('error' in answer) {
      const fieldProblems = problemsFromIssues(errorCode(answer.error), errorIssues(answer.error));
      setServerProblems(fieldProblems);
      if (Object.keys(fieldProblems).length === 0) setFailure(answer.error);
      return;
    }
    showSuccess(location ? t('locations.updated') : t('locations.created'));
    void navigate('/admin/locations');
  }

  const text = (field: Exclude<LocationField, 'officeRegion' | 'isVirtual' | 'province'>, maxLength: number, extra: { required?: boolean; lang?: string } = {}) => ({
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
        {failure && (
          <Callout intent="danger" role="alert" className="form-callout">
            {errorMessage(t, failure)}
          </Callout>
        )}
        {Object.keys(shownProblems).length > 0 && (
          <Callout intent="danger" role="alert" className="form-callout">
            {t('locations.fixFields')}
          </Callout>
        )}
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
              <Switch label={t('locations.isVirtual')} checked={values.isVirtual} onChange={(event) => change('isVirtual', event.currentTarget.checked)} />
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
                  choices={provinces.map((province) => ({ value: province, label: t(`locations.provinces.${province}`) }))}
                  onValueChange={(value) => change('province', value)}
                  required
                />
              </div>
              <div className="form-row">
                <TextField
                  {...text('postalCode', 7, { required: true })}
                  helperText={t('locations.postalCodeHint')}
                  onBlur={() => change('postalCode', formatPostalCode(values.postalCode))}
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
                onBlur={() => change('phone', formatPhone(values.phone))}
              />
            </div>
            <TextField {...text('messagingLocation', 100)} helperText={t('locations.messagingLocationHint')} />
          </section>
        </Card>
        <div className="page-actions">
          <RouterAnchorButton to="/admin/locations" variant="outlined">
            {t('locations.cancel')}
          </RouterAnchorButton>
          <Button type="submit" intent="primary" icon="floppy-disk" loading={saving}>
            {t('locations.save')}
          </Button>
        </div>
      </form>
    </>
  );
}
