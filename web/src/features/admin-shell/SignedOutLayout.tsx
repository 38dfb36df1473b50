import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Footer } from '../../shared/layout/Footer';
import { Logo } from '../../shared/layout/Logo';
import { useFocusOnNavigate } from '../../shared/routing/useFocusOnNavigate';
import { LanguageToggle } from './LanguageToggle';
import './admin.css';

/** §2.2 the admin pages without sign-in (sign-in, password reset): the unit's header, one narrow card, footer. */
export function SignedOutLayout() {
  const { t } = useTranslation();
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigate(main);
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="app-header">
        <div className="app-column app-header-inner">
          <div className="app-brand">
            <Logo />
            <span className="app-brand-name">
              {t('app.name')}
              <span className="auth-brand-area">{t('admin.area')}</span>
            </span>
          </div>
          <LanguageToggle />
        </div>
      </header>
      <main id="main" ref={main} className="app-main app-column auth-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
