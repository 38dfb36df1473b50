import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { otherLanguage } from '../i18n/languages';
import { pathInLanguage } from '../i18n/paths';
import { useLanguage } from '../i18n/useLanguage';
import { RouterLink } from '../shared/routing/RouterLinks';

/** "Français" on English pages and "English" on French ones: the same page in the other language. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const location = useLocation();
  const target = otherLanguage(useLanguage());
  const to = { pathname: pathInLanguage(location.pathname, target), search: location.search, hash: location.hash };
  return (
    <RouterLink className="language-switch" to={to} lang={target} hrefLang={target} underline="hover">
      {t('language.otherName')}
    </RouterLink>
  );
}
