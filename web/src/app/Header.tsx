import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useLanguage } from '../i18n/useLanguage';
import { LanguageSwitch } from './LanguageSwitch';
import { Logo } from '../shared/layout/Logo';
import { RouterLink } from '../shared/routing/RouterLinks';

export function Header() {
  const { t } = useTranslation();
  const language = useLanguage();
  const isAdmin = /^\/admin(\/|$)/.test(useLocation().pathname);
  return (
    <header className="app-header">
      <div className="app-column app-header-inner">
        <RouterLink
          className="app-brand"
          to={`/${language}`}
          color="inherit"
          underline="none"
          aria-label={t('app.homeLink')}
        >
          <Logo />
          <span className="app-brand-name">{t('app.name')}</span>
        </RouterLink>
        {!isAdmin && <LanguageSwitch />}
      </div>
    </header>
  );
}
