import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Footer } from '../shared/layout/Footer';
import { Header } from './Header';
import { useFocusOnNavigate } from '../shared/routing/useFocusOnNavigate';

/** §2.1: header with the logo, a centred column of content, footer with the copyright line and version. */
export function Layout() {
  const { t } = useTranslation();
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigate(main);
  return (
    <div className="app-shell public-shell">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <Header />
      <main id="main" ref={main} className="app-main app-column" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
