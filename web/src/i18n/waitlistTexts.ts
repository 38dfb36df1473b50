import i18next from 'i18next';
import waitlistEn from './locales/waitlist.en.json';
import waitlistFr from './locales/waitlist.fr.json';

/** The waitlist's texts (issue 20 item 6): loaded with its lazy parts (features/waitlist), not with the first page. */
const en = { waitlist: waitlistEn };
/** Both languages have the same keys: French must satisfy the shape of English (checked by tsc). */
const french: typeof en = { waitlist: waitlistFr };

export type WaitlistTexts = typeof en;

export const waitlistResources = { en, fr: french } as const;

let added = false;

/** Adds the waitlist's texts to the app's i18next instance, once. */
export function addWaitlistTexts(): void {
  if (added) return;
  for (const [language, texts] of Object.entries(waitlistResources))
    i18next.addResourceBundle(language, 'translation', texts, true, false);
  added = true;
}
