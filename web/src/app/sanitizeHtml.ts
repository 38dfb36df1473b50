import createDOMPurify, { type DOMPurify } from 'dompurify';
import { enforcePageHtmlRules, PAGE_HTML_OPTIONS } from '../../../domain/shared/page-html';

let purifier: DOMPurify | undefined;

/**
 * HTML written by staff (service landing and confirmation pages), cleaned before it is rendered with
 * dangerouslySetInnerHTML. The server already cleaned it when it was saved, with the same allow-list
 * (domain/shared/page-html.ts); cleaning again here covers pages saved before that, and is DOMPurify's job,
 * not a hand-made filter's: parsing quirks (mutation XSS) are what it exists for.
 */
export function sanitizeHtml(html: string): string {
  if (!purifier) {
    purifier = createDOMPurify(window);
    purifier.addHook('afterSanitizeAttributes', enforcePageHtmlRules);
  }
  return purifier.sanitize(html, PAGE_HTML_OPTIONS);
}
