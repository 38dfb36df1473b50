import { Callout, H1 } from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { errorCode, errorMessage } from '../../shared/errorMessages';
import { RouterAnchorButton } from '../../shared/routing/RouterLinks';
import { useLanguage } from '../../i18n/useLanguage';
import { PageSpinner } from '../../shared/states/PageSpinner';
import { NotFoundState } from '../../shared/states/NotFoundState';
import { loadSanitizer } from '../../shared/sanitizeHtml';
import { BookingWizard } from '../public-booking';
import { useGetPublicServiceQuery } from './servicesApi';

function parseId(value: string | undefined): number | undefined {
  return value !== undefined && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined;
}

/**
 * §2.1 /{lang}/service/{id}: loads the chosen service (in the page's language) and runs its booking wizard under
 * the service's title.
 */
export function ServicePage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const id = parseId(useParams().id);
  const {
    data: service,
    error,
    isLoading,
  } = useGetPublicServiceQuery(id === undefined ? skipToken : { id, locale: language });
  const listPath = `/${language}/service`;
  // the wizard's first step shows the service's landing page: its cleaner loads while the service does
  useEffect(() => void loadSanitizer().catch(() => undefined), []); // a failure is retried where the page is shown

  const back = (
    <RouterAnchorButton to={listPath} variant="outlined" icon="arrow-left">
      {t('service.back')}
    </RouterAnchorButton>
  );

  if (id === undefined || errorCode(error) === 'SERVICE_NOT_FOUND' || errorCode(error) === 'NOT_FOUND') {
    return (
      <NotFoundState
        title={t('service.notFoundTitle')}
        description={t('errors.SERVICE_NOT_FOUND')}
        action={
          <RouterAnchorButton to={listPath} intent="primary" icon="arrow-left">
            {t('service.backToList')}
          </RouterAnchorButton>
        }
      />
    );
  }
  if (isLoading) return <PageSpinner />;
  if (error || !service) {
    return (
      <>
        <Callout intent="danger" icon="error" role="alert">
          {errorMessage(t, error)}
        </Callout>
        <div className="page-actions page-actions-start">{back}</div>
      </>
    );
  }
  return (
    <>
      <H1 className="page-title booking-service-title">{service.title}</H1>
      <BookingWizard key={service.id} service={service} language={language} onLeave={() => void navigate(listPath)} />
    </>
  );
}
