import { Callout, Card, Classes, H1, NonIdealState } from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { errorCode, errorMessage } from '../../app/errorMessages';
import { RouterAnchorButton } from '../../app/RouterLinks';
import { sanitizeHtml } from '../../app/sanitizeHtml';
import { useLanguage } from '../../i18n/useLanguage';
import { PageSpinner } from '../../app/PageSpinner';
import { useGetPublicServiceQuery } from './servicesApi';

function parseId(value: string | undefined): number | undefined {
  return value !== undefined && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined;
}

/**
 * §2.1 /{lang}/service/{id}: the first step of the booking wizard, the chosen service's title and landing-page
 * text. The later steps (questionnaire, calendar, date, time, details) build on this page.
 */
export function ServicePage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = parseId(useParams().id);
  const { data: service, error, isLoading } = useGetPublicServiceQuery(id === undefined ? skipToken : { id, locale: language });
  const landingPage = useMemo(() => (service?.landingPage ? sanitizeHtml(service.landingPage) : ''), [service?.landingPage]);
  const listPath = `/${language}/service`;

  const back = (
    <RouterAnchorButton to={listPath} variant="outlined" icon="arrow-left">
      {t('service.back')}
    </RouterAnchorButton>
  );

  if (id === undefined || errorCode(error) === 'SERVICE_NOT_FOUND' || errorCode(error) === 'NOT_FOUND') {
    return (
      <NonIdealState
        className="page-state"
        icon="search"
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
      <H1 className="page-title">{service.title}</H1>
      {landingPage && (
        <Card className="page-card">
          <div className={`service-landing ${Classes.RUNNING_TEXT}`} dangerouslySetInnerHTML={{ __html: landingPage }} />
        </Card>
      )}
      <div className="page-actions page-actions-start">{back}</div>
    </>
  );
}
