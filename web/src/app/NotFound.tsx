import { NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/useLanguage';
import { RouterAnchorButton } from './RouterLinks';

export function NotFound() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <NonIdealState
      className="page-state"
      icon="search"
      title={t('notFound.title')}
      description={t('notFound.description')}
      action={
        <RouterAnchorButton to={`/${language}`} intent="primary" icon="home">
          {t('notFound.home')}
        </RouterAnchorButton>
      }
    />
  );
}
