import { Callout, H1, NonIdealState } from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { errorCode, errorMessage } from '../../app/errorMessages';
import { PageSpinner } from '../../app/PageSpinner';
import { RouterAnchorButton } from '../../app/RouterLinks';
import { parseId } from '../categories/parseId';
import { useGetLocationQuery } from './locationsApi';
import { LocationForm } from './LocationForm';

/** §2.3 /admin/locations/new and /admin/locations/{id}/edit. */
export function LocationFormPage({ mode }: { mode: 'new' | 'edit' }) {
  const { t } = useTranslation();
  const rawId = useParams().id;
  const id = mode === 'edit' ? parseId(rawId) : undefined;
  const { data: location, error, isLoading } = useGetLocationQuery(id ?? skipToken);
  const title = mode === 'new' ? t('locations.newTitle') : t('locations.editTitle');
  const back = (
    <RouterAnchorButton to="/admin/locations" icon="arrow-left" variant="outlined">
      {t('locations.backToList')}
    </RouterAnchorButton>
  );

  if (mode === 'new') return <LocationForm key="new" title={title} location={undefined} />;
  const code = errorCode(error);
  if (id === undefined || code === 'LOCATION_NOT_FOUND' || code === 'NOT_FOUND') {
    return <NonIdealState className="page-state" icon="search" title={t('errors.LOCATION_NOT_FOUND')} action={back} />;
  }
  if (isLoading) return <PageSpinner />;
  if (error || !location) {
    return (
      <>
        <H1 className="page-title">{title}</H1>
        <Callout intent="danger" role="alert">
          {errorMessage(t, error)}
        </Callout>
        <div className="page-actions page-actions-start">{back}</div>
      </>
    );
  }
  return <LocationForm key={location.id} title={title} location={location} />;
}
