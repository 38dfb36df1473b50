import { useLocation } from 'react-router-dom';
import type { Language } from './languages';
import { languageOfPath } from './paths';

/** The language of the current page, read from its address (`/fr/...` is French, anything else English). */
export function useLanguage(): Language {
  return languageOfPath(useLocation().pathname);
}
