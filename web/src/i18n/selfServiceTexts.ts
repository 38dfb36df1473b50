import i18next from 'i18next';
import selfServiceEn from './locales/selfService.en.json';
import selfServiceFr from './locales/selfService.fr.json';

/** The "Find my booking" page's texts (issue 20): loaded with its module (see routes.tsx), not with the first page. */
const en = { selfService: selfServiceEn };
/** Both languages have the same keys: French must satisfy the shape of English (checked by tsc). */
const french: typeof en = { selfService: selfServiceFr };

export type SelfServiceTexts = typeof en;

export const selfServiceResources = { en, fr: french } as const;

let added = false;

/** Adds the page's texts to the app's i18next instance, once. */
export function addSelfServiceTexts(): void {
  if (added) return;
  for (const [language, texts] of Object.entries(selfServiceResources))
    i18next.addResourceBundle(language, 'translation', texts, true, false);
  added = true;
}
