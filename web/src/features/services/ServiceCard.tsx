import { Card, Classes, H2, Icon } from '@blueprintjs/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../shared/routing/RouterLinks';
import { useLanguage } from '../../i18n/useLanguage';
import type { PublicServiceSummary } from '../public-booking';

/**
 * One service of the list (§2.1). Its title is the card's one link, stretched over the whole card (layout.css), so
 * a tap anywhere on it (title, text or Next) opens the service: one tab stop per card, nothing interactive nested,
 * and a screen reader hears the title as the link and the description as its description. Next is drawn as a
 * button for the eye only.
 */
export function ServiceCard({ service }: { service: PublicServiceSummary }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const descriptionId = useId();
  return (
    <Card className="page-card service-card" interactive>
      <H2 className="card-title">
        <RouterLink
          className="service-card-link"
          to={`/${language}/service/${service.id}`}
          color="inherit"
          underline="none"
          aria-describedby={service.description ? descriptionId : undefined}
        >
          {service.title}
        </RouterLink>
      </H2>
      {service.description && (
        <p id={descriptionId} className="service-description">
          {service.description}
        </p>
      )}
      <div className="page-actions" aria-hidden="true">
        <span className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`}>
          <span className={Classes.BUTTON_TEXT}>{t('services.next')}</span>
          <Icon icon="arrow-right" />
        </span>
      </div>
    </Card>
  );
}
