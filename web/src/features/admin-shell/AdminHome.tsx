import { Card, H1, H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../auth/currentUser';

/** /admin (Calendar Overview): a welcome until the month grid of calendars arrives with its own issue. */
export function AdminHome() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <>
      <H1 className="page-title">{t('menu.overview')}</H1>
      <Card className="page-card">
        <H2 className="card-title">{t('admin.welcome', { name: user.name })}</H2>
        <p className="admin-welcome-text">{t('admin.welcomeText')}</p>
      </Card>
    </>
  );
}
