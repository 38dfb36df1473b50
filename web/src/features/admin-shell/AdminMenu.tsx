import { Menu, MenuDivider, MenuItem } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useCurrentUser } from '../../shared/currentUser';
import { useLogout } from '../auth';
import { isCurrent, menuFor } from './menu';
import { RouterMenuItem } from './RouterMenuItem';

export const adminMenuId = 'admin-menu';

/** §2.3 the role-based menu, then Help and Logout. A sidebar on wide screens; on a phone it opens from the header. */
export function AdminMenu({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const { logout, isLoggingOut } = useLogout();
  return (
    <nav id={adminMenuId} className={`admin-nav${open ? ' admin-nav-open' : ''}`} aria-label={t('admin.menuLabel')}>
      <Menu role="list" className="admin-menu">
        {menuFor(user).map((entry) => (
          <RouterMenuItem
            key={entry.key}
            to={entry.path}
            icon={entry.icon}
            text={t(`menu.${entry.key}`)}
            active={isCurrent(entry.path, pathname)}
            multiline
          />
        ))}
        <MenuDivider />
        <RouterMenuItem
          to="/admin/help"
          icon="help"
          text={t('menu.help')}
          active={isCurrent('/admin/help', pathname)}
          multiline
        />
        <MenuItem
          roleStructure="listitem"
          tagName="button"
          type="button"
          className="admin-menu-button"
          icon="log-out"
          text={t('menu.logout')}
          disabled={isLoggingOut}
          onClick={() => void logout()}
        />
      </Menu>
    </nav>
  );
}
