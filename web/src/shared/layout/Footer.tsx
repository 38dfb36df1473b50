import { Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { appVersion } from './version';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className={`app-footer ${Classes.TEXT_MUTED}`}>
      <div className="app-column app-footer-inner">
        <span>{t('app.copyright', { year: new Date().getFullYear() })}</span>
        <span>{t('app.version', { version: appVersion })}</span>
      </div>
    </footer>
  );
}
