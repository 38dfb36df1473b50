import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordFormLoader } from '../../../shared/forms/RecordFormLoader';
import { useEditId } from '../../../shared/routing/useEditId';
import { ServiceForm } from './ServiceForm';
import { useGetServiceQuery } from './serviceAdminApi';

/**
 * §2.3 /admin/services/new and /admin/services/{id}/edit (System Administrators only). An edit starts from the
 * service as the server has it now: fetched again on opening, the form waits for that answer rather than a cached one.
 */
export function ServiceFormPage({ mode }: { mode: 'new' | 'edit' }) {
  const { t } = useTranslation();
  const id = useEditId(mode);
  const [openedAt] = useState(() => Date.now());
  const { data, error, fulfilledTimeStamp } = useGetServiceQuery(id ?? skipToken, { refetchOnMountOrArgChange: true });
  const fresh = data !== undefined && fulfilledTimeStamp !== undefined && fulfilledTimeStamp >= openedAt;
  const title = mode === 'new' ? t('serviceForm.newTitle') : t('serviceForm.editTitle');

  if (mode === 'new') return <ServiceForm key="new" title={title} service={undefined} />;
  return (
    <RecordFormLoader
      title={title}
      id={id}
      record={fresh ? data : undefined}
      error={error}
      isLoading={!fresh && !error}
      notFoundCode="SERVICE_NOT_FOUND"
      listPath="/admin/services"
      backText={t('serviceForm.backToList')}
    >
      {(service) => <ServiceForm key={service.id} title={title} service={service} />}
    </RecordFormLoader>
  );
}
