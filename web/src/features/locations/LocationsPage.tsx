import { Alert, Button, Callout, H1, HTMLTable, NonIdealState, Tag } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, type ApiError } from '../../app/errorMessages';
import { PageSpinner } from '../../app/PageSpinner';
import { RouterAnchorButton } from '../../app/RouterLinks';
import { useAdminLanguage } from '../admin-shell/adminLanguage';
import { showSuccess } from '../admin-shell/toaster';
import { isAdmin, useCurrentUser } from '../auth/currentUser';
import '../categories/categories.css';
import { locationName } from './locationForm';
import { useDeleteLocationMutation, useGetLocationsQuery } from './locationsApi';
import type { Location } from './types';

function LocationRow({ location, canManage, onDelete }: { location: Location; canManage: boolean; onDelete: (location: Location) => void }) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const name = locationName(location, language);
  return (
    <tr>
      <th scope="row" data-label={t('locations.columns.name')}>
        {name}
      </th>
      <td data-label={t('locations.columns.officeRegion')}>{t(`locations.regions.${location.officeRegion}`)}</td>
      <td data-label={t('locations.columns.city')}>{location.city || '—'}</td>
      <td data-label={t('locations.columns.isVirtual')}>
        <Tag minimal intent={location.isVirtual ? 'primary' : 'none'}>
          {location.isVirtual ? t('locations.yes') : t('locations.no')}
        </Tag>
      </td>
      {canManage && (
        <td className="table-actions">
          <RouterAnchorButton to={`/admin/locations/${location.id}/edit`} icon="edit" size="small" variant="outlined" aria-label={t('locations.editNamed', { name })}>
            {t('locations.edit')}
          </RouterAnchorButton>
          <Button icon="trash" size="small" variant="outlined" intent="danger" aria-label={t('locations.deleteNamed', { name })} onClick={() => onDelete(location)}>
            {t('locations.delete')}
          </Button>
        </td>
      )}
    </tr>
  );
}

/**
 * §2.3 /admin/locations: every location, named in the admin's language, with Add New Location, Edit and Delete
 * (with a confirmation) for administrators. A location still used by a calendar cannot be deleted (§8).
 */
export function LocationsPage() {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const canManage = isAdmin(useCurrentUser());
  const { data, error, isLoading, isFetching, refetch } = useGetLocationsQuery();
  const [deleteLocation, deletion] = useDeleteLocationMutation();
  // The location asked about stays set while the dialog closes, so that its text does not change meanwhile.
  const [pending, setPending] = useState<Location | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<ApiError>(undefined);
  const locations = useMemo(
    () => [...(data ?? [])].sort((a, b) => locationName(a, language).localeCompare(locationName(b, language), language)),
    [data, language],
  );

  function ask(location: Location) {
    setPending(location);
    setConfirming(true);
  }

  async function confirmDelete(location: Location) {
    setFailure(undefined);
    const answer = await deleteLocation(location.id);
    setConfirming(false);
    if ('error' in answer) setFailure(answer.error);
    else showSuccess(t('locations.deleted'));
  }

  let content;
  if (isLoading) content = <PageSpinner />;
  else if (error) {
    content = (
      <Callout intent="danger" role="alert">
        <p>{errorMessage(t, error)}</p>
        <Button icon="refresh" loading={isFetching} onClick={() => void refetch()}>
          {t('admin.tryAgain')}
        </Button>
      </Callout>
    );
  } else if (locations.length === 0) content = <NonIdealState className="page-state" icon="map-marker" title={t('locations.empty')} />;
  else {
    content = (
      <HTMLTable className="admin-table responsive-table">
        <thead>
          <tr>
            <th scope="col">{t('locations.columns.name')}</th>
            <th scope="col">{t('locations.columns.officeRegion')}</th>
            <th scope="col">{t('locations.columns.city')}</th>
            <th scope="col">{t('locations.columns.isVirtual')}</th>
            {canManage && (
              <th scope="col">
                <span className="visually-hidden">{t('locations.columns.actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {locations.map((location) => (
            <LocationRow key={location.id} location={location} canManage={canManage} onDelete={ask} />
          ))}
        </tbody>
      </HTMLTable>
    );
  }

  return (
    <>
      <div className="page-heading">
        <H1 className="page-title">{t('menu.locations')}</H1>
        {canManage && (
          <RouterAnchorButton to="/admin/locations/new" intent="primary" icon="add">
            {t('locations.add')}
          </RouterAnchorButton>
        )}
      </div>
      {failure && (
        <Callout intent="danger" role="alert" className="form-callout">
          {errorMessage(t, failure)}
        </Callout>
      )}
      {content}
      <Alert
        isOpen={confirming}
        intent="danger"
        icon="trash"
        confirmButtonText={t('locations.delete')}
        cancelButtonText={t('locations.cancel')}
        loading={deletion.isLoading}
        canEscapeKeyCancel={!deletion.isLoading}
        onConfirm={() => {
          if (pending) void confirmDelete(pending);
        }}
        onCancel={() => setConfirming(false)}
      >
        <p>{t('locations.confirmDelete', { name: pending ? locationName(pending, language) : '' })}</p>
      </Alert>
    </>
  );
}
