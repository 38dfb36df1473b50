import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { useLanguage } from '../i18n/useLanguage';

/**
 * Layout route of the public pages: the address decides the language. Switching happens before the browser
 * paints, so a page never shows in the previous language; `<html lang>` and the title follow.
 */
export function PublicLanguage() {
  const language = useLanguage();
  const { i18n } = useTranslation();

  useLayoutEffect(() => {
    if (i18n.resolvedLanguage !== language) void i18n.changeLanguage(language);
  }, [i18n, language]);

  useLayoutEffect(() => {
    document.documentElement.lang = language;
    document.title = i18n.t('app.documentTitle', { lng: language });
  }, [i18n, language]);

  return <Outlet />;
}
