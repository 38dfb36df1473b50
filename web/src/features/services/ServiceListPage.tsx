import { Button, Callout, H1, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/errorMessages';
import { RouterAnchorButton } from '../../shared/routing/RouterLinks';
import { useLanguage } from '../../i18n/useLanguage';
import { PageSpinner } from '../../shared/states/PageSpinner';
import { ServiceCard } from './ServiceCard';
import { useGetPublicServicesQuery } from './servicesApi';

/** §2.1 /{lang}/service: the services open to the public, as cards. */
export function ServiceListPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data: services, error, isLoading, isFetching, refetch } = useGetPublicServicesQuery(language);

  let content;
  if (isLoading) {
    content = <PageSpinner />;
  } else if (error) {
    content = (
      <Callout intent="danger" icon="error" role="alert">
        <p>{errorMessage(t, error)}</p>
        <Button onClick={() => void refetch()} loading={isFetching} icon="refresh">
          {t('services.tryAgain')}
        </Button>
      </Callout>
    );
  } else if (!services || services.length === 0) {
    content = <NonIdealState className="page-state" icon="calendar" title={t('services.empty')} />;
  } else {
    content = (
      <ul className="service-list">
        {services.map((service) => (
          <li key={service.id}>
            <ServiceCard service={service} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <H1 className="page-title">{t('services.title')}</H1>
      {services && services.length > 0 && <p>{t('services.intro')}</p>}
      {content}
      <RouterAnchorButton to={`/${language}/appointment`} variant="minimal" icon="search">
        {t('manageBooking.link')}
      </RouterAnchorButton>
      <div className="page-actions page-actions-start">
        <RouterAnchorButton to={`/${language}`} variant="outlined" icon="arrow-left">
          {t('services.back')}
        </RouterAnchorButton>
      </div>
    </>
  );
}
