import { Navigate, Outlet, useLocation, useParams } from 'react-router-dom';
import { isLanguage } from '../i18n/languages';
import { correctedPath } from '../i18n/paths';

/** The `/:lang` route: an unknown language segment goes to the English address (`/de/service` -> `/en/service`). */
export function LanguageGuard() {
  const { lang } = useParams();
  const location = useLocation();
  if (!isLanguage(lang)) {
    const to = { pathname: correctedPath(location.pathname), search: location.search, hash: location.hash };
    return <Navigate replace to={to} />;
  }
  return <Outlet />;
}
