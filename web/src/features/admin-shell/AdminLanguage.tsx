import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { storedAdminLanguage, useAdminLanguage } from '../../shared/adminLanguage';

/**
 * Layout route of every /admin page: applies the staff member's stored language before the first paint (the
 * address carries none), and keeps `<html lang>` and the title in step with it.
 */
export function AdminLanguage() {
  const { i18n } = useTranslation();
  const language = useAdminLanguage();

  useLayoutEffect(() => {
    const stored = storedAdminLanguage();
    if (i18n.resolvedLanguage !== stored) void i18n.changeLanguage(stored);
  }, [i18n]);

  useLayoutEffect(() => {
    document.documentElement.lang = language;
    document.title = i18n.t('admin.documentTitle', { lng: language });
  }, [i18n, language]);

  return <Outlet />;
}
