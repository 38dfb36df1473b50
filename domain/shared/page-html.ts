/**
 * What HTML written by staff (a service's landing, confirmation and e-mail pages; an e-mail template's body) may
 * hold: headings, paragraphs, lists, links, images, tables and basic formatting. Nothing that runs code, loads
 * another document, styles the page or submits a form. The server cleans with it when a page is saved and sent
 * (sanitize-html, commands/infrastructure/page-html.ts), the browser again when it shows one (DOMPurify): this file
 * is the one allow-list and the one set of rules they share.
 */

export const PAGE_HTML_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'div',
  'span',
  'blockquote',
  'pre',
  'address',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'caption',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'small',
  'sub',
  'sup',
  'mark',
  'abbr',
  'cite',
  'q',
  'code',
  'del',
  'ins',
  'time',
];

export const PAGE_HTML_ATTRIBUTES = [
  'href',
  'target',
  'rel',
  'title',
  'lang',
  'dir',
  'class',
  'src',
  'alt',
  'width',
  'height',
  'colspan',
  'rowspan',
  'scope',
  'headers',
  'span',
  'align',
  'valign',
  'start',
  'reversed',
  'datetime',
];

/** Links: http, https, mailto and tel, or an address on this site (no scheme at all). */
export const PAGE_LINK_URL = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/** The options the browser gives DOMPurify (its own defaults would also allow SVG, MathML, forms and styles). */
export const PAGE_HTML_OPTIONS = {
  ALLOWED_TAGS: PAGE_HTML_TAGS,
  ALLOWED_ATTR: PAGE_HTML_ATTRIBUTES,
  ALLOWED_URI_REGEXP: PAGE_LINK_URL,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOW_SELF_CLOSE_IN_ATTR: false,
  SAFE_FOR_TEMPLATES: false,
  WHOLE_DOCUMENT: false,
  KEEP_CONTENT: true,
};

/**
 * An address as its scheme is judged: browsers ignore control characters and white space inside a scheme
 * ("java\tscript:"), and the other white space DOMPurify drops (no-break and Unicode spaces, line and paragraph
 * separators) goes too, so that both sides judge an address alike.
 */
export const pageAddress = (value: string) =>
  // eslint-disable-next-line no-control-regex -- the control characters are exactly what must be removed
  value.replace(/[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000]+/g, '').toLowerCase();

/** Images: https, an address on this site, or a data: image other than SVG. */
export function isPageImageSource(src: string): boolean {
  const value = pageAddress(src);
  if (value.startsWith('https:')) return true;
  if (value.startsWith('data:')) return /^data:image\/(png|gif|jpeg|jpg|webp|avif|bmp)[;,]/.test(value);
  return !/^[a-z][a-z0-9+.-]*:/.test(value);
}

/**
 * Where a `target` may open: only a link's, and only `_blank` (which then gets rel="noopener noreferrer", so that
 * the new window cannot reach back to this page) or `_self`; null when the attribute goes.
 */
export function pageLinkTarget(tag: string, target: string): '_blank' | '_self' | null {
  const value = target.toLowerCase();
  return tag.toLowerCase() === 'a' && (value === '_blank' || value === '_self') ? value : null;
}

/**
 * The rules DOMPurify's options cannot say, applied to each element it keeps (its `afterSanitizeAttributes`
 * hook): image sources and link targets as above.
 */
export function enforcePageHtmlRules(element: Element): void {
  const tag = element.tagName.toLowerCase();
  if (tag === 'img' && element.hasAttribute('src') && !isPageImageSource(element.getAttribute('src') ?? ''))
    element.removeAttribute('src');
  if (!element.hasAttribute('target')) return;
  const target = pageLinkTarget(tag, element.getAttribute('target') ?? '');
  if (target === null) element.removeAttribute('target');
  else if (target === '_blank') element.setAttribute('rel', 'noopener noreferrer');
}
