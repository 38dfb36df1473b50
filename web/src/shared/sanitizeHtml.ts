import { useEffect, useMemo, useState } from 'react';
import { enforcePageHtmlRules, PAGE_HTML_OPTIONS } from '../../../domain/shared/page-html';

type Sanitize = (html: string) => string;

let loading: Promise<Sanitize> | undefined;
let loaded: Sanitize | undefined;

/**
 * HTML written by staff (service landing and confirmation pages), cleaned before it is rendered with
 * dangerouslySetInnerHTML. The server already cleaned it when it was saved, with the same allow-list
 * (domain/shared/page-html.ts); cleaning again here covers pages saved before that, and is DOMPurify's job,
 * not a hand-made filter's: parsing quirks (mutation XSS) are what it exists for. DOMPurify is loaded on demand
 * (~11 kB gzipped), so it is not part of the public pages' first download; a service page starts loading it
 * while it fetches the service.
 */
export function loadSanitizer(): Promise<Sanitize> {
  loading ??= import('dompurify').then(
    ({ default: createDOMPurify }) => {
      const purifier = createDOMPurify(window);
      purifier.addHook('afterSanitizeAttributes', enforcePageHtmlRules);
      loaded = (html) => purifier.sanitize(html, PAGE_HTML_OPTIONS);
      return loaded;
    },
    (error: unknown) => {
      loading = undefined; // a phone that lost its network: the next call tries again
      throw error;
    },
  );
  return loading;
}

const RETRY_AFTER_MS = 3_000;

/** `html` cleaned, or null until DOMPurify has loaded (nothing unclean is ever rendered). */
export function useSanitizedHtml(html: string): string | null {
  const [sanitize, setSanitize] = useState<Sanitize | undefined>(() => loaded);
  useEffect(() => {
    if (sanitize) return;
    let current = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      loadSanitizer().then(
        (loadedSanitize) => {
          if (current) setSanitize(() => loadedSanitize);
        },
        () => {
          if (current) retry = setTimeout(load, RETRY_AFTER_MS);
        },
      );
    void load();
    return () => {
      current = false;
      clearTimeout(retry);
    };
  }, [sanitize]);
  return useMemo(() => (sanitize ? sanitize(html) : null), [sanitize, html]);
}
