import { H1 } from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { isAdmin, useCurrentUser } from '../../shared/currentUser';
import { errorCode } from '../../shared/errorMessages';
import { parseId } from '../../shared/routing/parseId';
import { RouterAnchorButton } from '../../shared/routing/RouterLinks';
import { LoadFailed } from '../../shared/states/LoadFailed';
import { NotFoundState } from '../../shared/states/NotFoundState';
import { PageSpinner } from '../../shared/states/PageSpinner';
import { FulfilActions } from './FulfilActions';
import { RequestDetails } from './RequestDetails';
import { useGetRequestFormQuery } from './requestFormsApi';
import { listPath } from './useRequestForm';
import { useRequestNames } from './useRequestNames';
import './requestForms.css';

/**
 * §2.3 /admin/request-forms/{id}/view: everything a request holds, read-only; administrators may turn it into a
 * calendar or its dates (FulfilActions), after which it shows as done with a link to the calendar.
 */
export function RequestFormViewPage() {
  const { t } = useTranslation();
  const admin = isAdmin(useCurrentUser());
  const id = parseId(useParams().id);
  const { data, error, isLoading } = useGetRequestFormQuery(id ?? skipToken);
  const names = useRequestNames(admin);
  const title = t('requestForms.viewTitle');
  const back = (
    <RouterAnchorButton to={listPath} icon="arrow-left" variant="outlined">
      {t('requestForms.backToList')}
    </RouterAnchorButton>
  );

  const code = errorCode(error);
  if (id === undefined || code === 'NOT_FOUND' || code === 'REQUEST_FORM_NOT_FOUND')
    return <NotFoundState title={t('requestForms.notFound')} action={back} />;
  if (isLoading) return <PageSpinner />;
  if (error || !data) return <LoadFailed title={title} error={error} action={back} />;

  return (
    <>
      <div className="page-heading">
        <H1 className="page-title">{title}</H1>
        {back}
      </div>
      {admin && <FulfilActions request={data} />}
      <div className="rf-form">
        <RequestDetails request={data} names={names} linked={admin} />
      </div>
    </>
  );
}
