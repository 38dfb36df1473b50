/** The one date and time style, shared with the e-mails the server sends. */
import * as shared from '../../../domain/shared/format';

export * from '../../../domain/shared/format';

type Language = Parameters<typeof shared.formatDate>[0];

/**
 * The health unit's time zone: the server's UNIT_TIMEZONE, which it writes into the page it serves
 * (`api/middleware/static-spa.ts`). Without it (the Vite dev server, Node tests) the shared default applies.
 */
export const unitTimeZone: string =
  (typeof document === 'undefined'
    ? undefined
    : document.querySelector<HTMLMetaElement>('meta[name="unit-time-zone"]')?.content) || shared.unitTimeZone;

// Instants are shown as the unit's wall clock; plain dates and times never shift, whatever the zone.
export const formatTime = (language: Language, value: Date | string, timeZone = unitTimeZone) =>
  shared.formatTime(language, value, timeZone);
export const formatDate = (language: Language, value: Date | string, timeZone = unitTimeZone) =>
  shared.formatDate(language, value, timeZone);
export const formatDateTime = (language: Language, value: Date, timeZone = unitTimeZone) =>
  shared.formatDateTime(language, value, timeZone);
