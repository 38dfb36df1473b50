import { NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { RouterAnchorButton } from '../../app/RouterLinks';

export function AdminNotFound() {
  const { t } = useTranslation();
  return (
    <NonIdealState
      className="page-state"
      icon="search"
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
