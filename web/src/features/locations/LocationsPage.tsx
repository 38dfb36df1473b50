import { Button, H1, HTMLTable, Tag } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterAnchorButton } from '../../shared/routing/RouterLinks';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { ConfirmDeleteAlert } from '../../shared/forms/ConfirmDeleteAlert';
import { FailureCallout } from '../../shared/forms/FailureCallout';
import { ListState } from '../../shared/states/ListState';
import { useConfirmedDelete } from '../../shared/forms/useConfirmedDelete';
import { isAdmin, useCurrentUser } from '../../shared/currentUser';
import '../../shared/forms/referenceForms.css';
import { locationName } from './locationForm';
import { useDeleteLocationMutation, useGetLocationsQuery } from './locationsApi';
import type { Location } from './types';

function LocationRow({
  location,
  canManage,
  onDelete,
}: {
  location: Location;
  canManage: boolean;
  onDelete: (location: Location) => void;
}) {
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
          <RouterAnchorButton
            to={`/admin/locations/${location.id}/edit`}
            icon="edit"
            size="small"
            variant="outlined"
            aria-label={t('locations.editNamed', { name })}
          >
            {t('locations.edit')}
          </RouterAnchorButton>
          <Button
            icon="trash"
            size="small"
            variant="outlined"
            intent="danger"
            aria-label={t('locations.deleteNamed', { name })}
            onClick={() => onDelete(location)}
          >
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
  const query = useGetLocationsQuery();
  const { data } = query;
  const [deleteLocation, deletion] = useDeleteLocationMutation();
  const confirmation = useConfirmedDelete<Location>(deleteLocation, t('locations.deleted'));
  const locations = useMemo(
    () =>
      [...(data ?? [])].sort((a, b) => locationName(a, language).localeCompare(locationName(b, language), language)),
    [data, language],
  );

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
      <FailureCallout failure={confirmation.failure} />
      <ListState
        query={query}
        isEmpty={locations.length === 0}
        emptyIcon="map-marker"
        emptyTitle={t('locations.empty')}
      >
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
              <LocationRow key={location.id} location={location} canManage={canManage} onDelete={confirmation.ask} />
            ))}
          </tbody>
        </HTMLTable>
      </ListState>
      <ConfirmDeleteAlert
        deletion={confirmation}
        loading={deletion.isLoading}
        confirmText={t('locations.delete')}
        cancelText={t('locations.cancel')}
      >
        {t('locations.confirmDelete', {
          name: confirmation.pending ? locationName(confirmation.pending, language) : '',
        })}
      </ConfirmDeleteAlert>
    </>
  );
}
