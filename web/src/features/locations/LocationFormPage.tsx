import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { RecordFormLoader } from '../../shared/forms/RecordFormLoader';
import { useEditId } from '../../shared/routing/useEditId';
import { useGetLocationQuery } from './locationsApi';
import { LocationForm } from './LocationForm';

/** §2.3 /admin/locations/new and /admin/locations/{id}/edit. */
export function LocationFormPage({ mode }: { mode: 'new' | 'edit' }) {
  const { t } = useTranslation();
  const id = useEditId(mode);
  const { data, error, isLoading } = useGetLocationQuery(id ?? skipToken);
  const title = mode === 'new' ? t('locations.newTitle') : t('locations.editTitle');

  if (mode === 'new') return <LocationForm key="new" title={title} location={undefined} />;
  return (
    <RecordFormLoader
      title={title}
      id={id}
      record={data}
      error={error}
      isLoading={isLoading}
      notFoundCode="LOCATION_NOT_FOUND"
      listPath="/admin/locations"
      backText={t('locations.backToList')}
    >
      {(location) => <LocationForm key={location.id} title={title} location={location} />}
    </RecordFormLoader>
  );
}
