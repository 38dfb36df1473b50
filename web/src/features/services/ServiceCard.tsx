import { Card, H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { RouterAnchorButton } from '../../app/RouterLinks';
import { useLanguage } from '../../i18n/useLanguage';
import type { PublicServiceSummary } from './types';

export function ServiceCard({ service }: { service: PublicServiceSummary }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Card className="page-card service-card">
      <H2 className="card-title">{service.title}</H2>
      {service.description && <p className="service-description">{service.description}</p>}
      <div className="page-actions">
        <RouterAnchorButton
          to={`/${language}/service/${service.id}`}
          intent="primary"
          endIcon="arrow-right"
          aria-label={t('services.nextFor', { title: service.title })}
        >
          {t('services.next')}
        </RouterAnchorButton>
      </div>
    </Card>
  );
}
