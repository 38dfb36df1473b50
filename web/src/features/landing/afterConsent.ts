import type { Language } from '../../i18n/languages';
import { pathInLanguage } from '../../i18n/paths';

/** The wizard's pages: the list of services and a service's page, in a language. */
const WIZARD_PAGE = /^\/(en|fr)\/service(\/\d{1,10})?\/?$/;

/**
 * Where Next of the landing page leads: the wizard's page asked for before consenting (with its query and hash, as
 * an offer's `#offer=`), in the language now shown, else the list of services. Anything else stored is ignored.
 */
export function addressAfterConsent(wanted: string | null, language: Language): string {
  const list = `/${language}/service`;
  if (!wanted) return list;
  const pathname = /^[^?#]*/.exec(wanted)?.[0] ?? '';
  if (!WIZARD_PAGE.test(pathname)) return list;
  return `${pathInLanguage(pathname, language)}${wanted.slice(pathname.length)}`;
}
