import createDOMPurify, { type DOMPurify, type WindowLike } from 'dompurify';
import { JSDOM } from 'jsdom';
import { enforcePageHtmlRules, PAGE_HTML_OPTIONS } from '../../domain/shared/page-html';

let purifier: DOMPurify | undefined;

/** One DOMPurify over one jsdom window, made at the first use (a window costs tens of milliseconds). */
function pagePurifier(): DOMPurify {
  if (!purifier) {
    const { window } = new JSDOM('<!DOCTYPE html>');
    purifier = createDOMPurify(window as unknown as WindowLike);
    purifier.addHook('afterSanitizeAttributes', enforcePageHtmlRules);
  }
  return purifier;
}

const MAX_PASSES = 4;

/**
 * Staff-written HTML as it is kept: only what domain/shared/page-html.ts allows. The output is cleaned again until
 * it no longer changes, so that markup which parses differently the second time (mutation XSS) is cleaned as it
 * will be read; in the rare case it keeps changing, nothing is kept. Runs on the thread that calls it: the app calls
 * it through page-html.ts, on a thread of its own (jsdom costs ~100 MB of memory).
 */
export function cleanPageHtmlHere(html: string): string {
  if (!html.trim()) return html;
  const purify = pagePurifier();
  let cleaned = purify.sanitize(html, PAGE_HTML_OPTIONS);
  for (let pass = 1; pass < MAX_PASSES; pass += 1) {
    const again = purify.sanitize(cleaned, PAGE_HTML_OPTIONS);
    if (again === cleaned) return cleaned;
    cleaned = again;
  }
  return '';
}

/** The page-HTML thread's task (see page-html.ts). */
export default cleanPageHtmlHere;
