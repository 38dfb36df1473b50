import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useLanguage } from '../../i18n/useLanguage';
import { hasConsent, rememberWantedAddress } from './consent';

/**
 * The wizard's pages need the visitor's consent: without it they go to the landing page of their language, which
 * then leads to the page asked for (an offer e-mail's link keeps its offer).
 */
export function RequireConsent() {
  const language = useLanguage();
  const { pathname, search, hash } = useLocation();
  if (hasConsent()) return <Outlet />;
  rememberWantedAddress(`${pathname}${search}${hash}`); // the same value on every render: safe to write here
  return <Navigate replace to={`/${language}`} />;
}
