import { useTranslation } from 'react-i18next';
import { RouterAnchorButton } from '../../shared/routing/RouterLinks';
import { NotFoundState } from '../../shared/states/NotFoundState';

export function AdminNotFound() {
  const { t } = useTranslation();
  return (
    <NotFoundState
      title={t('notFound.title')}
      description={t('notFound.description')}
      action={
        <RouterAnchorButton to="/admin" intent="primary" icon="home">
          {t('admin.backHome')}
        </RouterAnchorButton>
      }
    />
  );
}
