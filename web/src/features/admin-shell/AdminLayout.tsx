import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { Footer } from '../../shared/layout/Footer';
import { useFocusOnNavigate } from '../../shared/routing/useFocusOnNavigate';
import { RequireAuth } from '../auth';
import { AdminHeader } from './AdminHeader';
import { AdminMenu } from './AdminMenu';
import './admin.css';

/** The frame of every signed-in page; the phone's menu closes by itself when the page changes. */
function AdminFrame() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === pathname;
  useFocusOnNavigate(main);
  return (
    <div className="app-shell admin-shell">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <AdminHeader menuOpen={menuOpen} onToggleMenu={() => setMenuOpenAt(menuOpen ? null : pathname)} />
      <div className="admin-body">
        <AdminMenu open={menuOpen} />
        <main id="main" ref={main} className="admin-main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}

/** §2.3 the signed-in admin area: sign-in required, then header, role-based menu and the page. */
export function AdminLayout() {
  return (
    <RequireAuth>
      <AdminFrame />
    </RequireAuth>
  );
}
