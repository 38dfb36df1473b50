import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/useLanguage';
import { RouterAnchorButton } from '../shared/routing/RouterLinks';
import { NotFoundState } from '../shared/states/NotFoundState';

export function NotFound() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <NotFoundState
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
