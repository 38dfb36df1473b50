import { Button, H1, HTMLTable, Tag } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterAnchorButton } from '../../../shared/routing/RouterLinks';
import { useAdminLanguage } from '../../../shared/adminLanguage';
import { ConfirmDeleteAlert } from '../../../shared/forms/ConfirmDeleteAlert';
import { FailureCallout } from '../../../shared/forms/FailureCallout';
import { ListState } from '../../../shared/states/ListState';
import { useConfirmedDelete } from '../../../shared/forms/useConfirmedDelete';
import '../../../shared/forms/referenceForms.css';
import { useDeleteServiceMutation, useGetServicesQuery } from './serviceAdminApi';
import './services-admin.css';
import type { Service } from './types';

/** The title of a service in the admin's language. */
const titleOf = (service: Service, language: string) =>
  language === 'fr' && service.titleFr ? service.titleFr : service.title;

function YesNo({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={value ? 'success' : 'none'}>
      {value ? t('serviceForm.yes') : t('serviceForm.no')}
    </Tag>
  );
}

function ServiceRow({ service, onDelete }: { service: Service; onDelete: (service: Service) => void }) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const name = titleOf(service, language);
  return (
    <tr>
      <th scope="row" data-label={t('serviceForm.columns.title')}>
        {name}
      </th>
      <td data-label={t('serviceForm.columns.enabled')}>
        <YesNo value={service.enabled} />
      </td>
      <td data-label={t('serviceForm.columns.isPublic')}>
        <YesNo value={service.isPublic} />
      </td>
      <td data-label={t('serviceForm.columns.calendars')} className="service-list-calendars">
        {service.calendars.map((calendar) => calendar.name).join(', ') || '—'}
      </td>
      <td className="table-actions">
        <RouterAnchorButton
          to={`/admin/services/${service.id}/edit`}
          icon="edit"
          size="small"
          variant="outlined"
          aria-label={t('serviceForm.editNamed', { name })}
        >
          {t('serviceForm.edit')}
        </RouterAnchorButton>
        <Button
          icon="trash"
          size="small"
          variant="outlined"
          intent="danger"
          aria-label={t('serviceForm.deleteNamed', { name })}
          onClick={() => onDelete(service)}
        >
          {t('serviceForm.delete')}
        </Button>
      </td>
    </tr>
  );
}

/**
 * §2.3 /admin/services (System Administrators only, §6): every service, enabled or not, with Add New Service, Edit
 * and Delete (with a confirmation).
 */
export function ServicesPage() {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const query = useGetServicesQuery();
  const { data } = query;
  const [deleteService, deletion] = useDeleteServiceMutation();
  const confirmation = useConfirmedDelete<Service>(deleteService, t('serviceForm.deleted'));
  const services = useMemo(
    () => [...(data ?? [])].sort((a, b) => titleOf(a, language).localeCompare(titleOf(b, language), language)),
    [data, language],
  );

  return (
    <>
      <div className="page-heading">
        <H1 className="page-title">{t('menu.services')}</H1>
        <RouterAnchorButton to="/admin/services/new" intent="primary" icon="add">
          {t('serviceForm.add')}
        </RouterAnchorButton>
      </div>
      <FailureCallout failure={confirmation.failure} />
      <ListState
        query={query}
        isEmpty={services.length === 0}
        emptyIcon="applications"
        emptyTitle={t('serviceForm.empty')}
      >
        <HTMLTable className="admin-table responsive-table">
          <thead>
            <tr>
              <th scope="col">{t('serviceForm.columns.title')}</th>
              <th scope="col">{t('serviceForm.columns.enabled')}</th>
              <th scope="col">{t('serviceForm.columns.isPublic')}</th>
              <th scope="col">{t('serviceForm.columns.calendars')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('serviceForm.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {services.map((service) => (
              <ServiceRow key={service.id} service={service} onDelete={confirmation.ask} />
            ))}
          </tbody>
        </HTMLTable>
      </ListState>
      <ConfirmDeleteAlert
        deletion={confirmation}
        loading={deletion.isLoading}
        confirmText={t('serviceForm.delete')}
        cancelText={t('serviceForm.cancel')}
      >
        {t('serviceForm.confirmDelete', { name: confirmation.pending ? titleOf(confirmation.pending, language) : '' })}
      </ConfirmDeleteAlert>
    </>
  );
}
