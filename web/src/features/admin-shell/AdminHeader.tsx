import { Button, Classes, Icon, Navbar } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../shared/layout/Logo';
import { RouterLink } from '../../shared/routing/RouterLinks';
import { formatDateTime } from '../../i18n/format';
import { useCurrentUser } from '../../shared/currentUser';
import { useLogout } from '../auth';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { adminMenuId } from './AdminMenu';
import { LanguageToggle } from './LanguageToggle';

/** §2.3 header: the user's name and previous sign-in, the language toggle, the phone's Menu button and Sign Out. */
export function AdminHeader({ menuOpen, onToggleMenu }: { menuOpen: boolean; onToggleMenu: () => void }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const language = useAdminLanguage();
  const { logout, isLoggingOut } = useLogout();
  const lastLogin = user.lastLoginAt
    ? t('admin.lastLogin', { when: formatDateTime(language, new Date(user.lastLoginAt)) })
    : t('admin.firstLogin');
  return (
    <header className="admin-header">
      <Navbar className="admin-navbar">
        <div className="admin-navbar-inner">
          <Navbar.Group className="admin-navbar-brand">
            <RouterLink
              className="app-brand admin-brand"
              to="/admin"
              color="inherit"
              underline="none"
              aria-label={t('admin.homeLink')}
            >
              <Logo size={32} />
              <span className="admin-brand-name">{t('app.name')}</span>
            </RouterLink>
          </Navbar.Group>
          <Navbar.Group className="admin-navbar-user">
            <Icon icon="person" className={Classes.TEXT_MUTED} />
            <span className="admin-user-name">{user.name}</span>
            <span className={`admin-last-login ${Classes.TEXT_MUTED}`}>{lastLogin}</span>
          </Navbar.Group>
          <Navbar.Group className="admin-navbar-actions">
            <LanguageToggle className="admin-language" />
            <Button
              className="admin-menu-toggle"
              variant="minimal"
              icon={menuOpen ? 'cross' : 'menu'}
              aria-expanded={menuOpen}
              aria-controls={adminMenuId}
              onClick={onToggleMenu}
            >
              {t('admin.menuButton')}
            </Button>
            <Button variant="minimal" icon="log-out" loading={isLoggingOut} onClick={() => void logout()}>
              {t('admin.signOut')}
            </Button>
          </Navbar.Group>
        </div>
      </Navbar>
    </header>
  );
}
