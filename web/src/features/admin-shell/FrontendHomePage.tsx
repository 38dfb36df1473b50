import { AnchorButton, Button, Callout, H1 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { RouterAnchorButton } from '../../shared/routing/RouterLinks';
import { useLogout } from '../auth';

/**
 * The home of a Frontend Administrator (§6 gives the role no menu entry): what the account is for, with Help and
 * Sign Out. The role opens no staff screen and no personal health information, so this page calls nothing the
 * role is refused.
 */
export function FrontendHomePage() {
  const { t } = useTranslation();
  const { logout, isLoggingOut } = useLogout();
  return (
    <>
      <H1 className="page-title">{t('frontendHome.title')}</H1>
      <Callout intent="primary" icon="info-sign" className="frontend-home-callout">
        <p>{t('frontendHome.purpose')}</p>
        <p>{t('frontendHome.noRecords')}</p>
        <p>{t('frontendHome.askForRole')}</p>
      </Callout>
      <div className="frontend-home-actions">
        <AnchorButton href="/" target="_blank" rel="noopener" icon="globe" intent="primary">
          {t('frontendHome.publicPages')}
        </AnchorButton>
        <RouterAnchorButton to="/admin/help" icon="help">
          {t('menu.help')}
        </RouterAnchorButton>
        <Button icon="log-out" loading={isLoggingOut} onClick={() => void logout()}>
          {t('admin.signOut')}
        </Button>
      </div>
    </>
  );
}
