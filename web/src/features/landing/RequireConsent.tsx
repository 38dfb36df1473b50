import { Navigate, Outlet } from 'react-router-dom';
import { useLanguage } from '../../i18n/useLanguage';
import { hasConsent } from './consent';

/** The wizard's pages need the visitor's consent: without it they go to the landing page of their language. */
export function RequireConsent() {
  const language = useLanguage();
  return hasConsent() ? <Outlet /> : <Navigate replace to={`/${language}`} />;
}
