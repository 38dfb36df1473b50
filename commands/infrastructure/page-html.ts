import { defaultTreeAdapter, html as parse5Html, parseFragment, serialize } from 'parse5';
import sanitizeHtml from 'sanitize-html';
import {
  isPageImageSource,
  PAGE_HTML_ATTRIBUTES,
  PAGE_HTML_TAGS,
  PAGE_LINK_URL,
  pageAddress,
  pageLinkTarget,
} from '../../domain/shared/page-html';

/** Elements dropped with everything inside them: code, styles, embedded documents, forms' lists, SVG and MathML. */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'xmp',
  'plaintext',
  'iframe',
  'frameset',
  'object',
  'embed',
  'applet',
  'audio',
  'video',
  'svg',
  'math',
  'select',
  'option',
  'textarea',
  'title',
  'head',
];

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: PAGE_HTML_TAGS,
  allowedAttributes: { '*': PAGE_HTML_ATTRIBUTES },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: true,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  parseStyleAttributes: false,
  transformTags: { '*': (tagName, attribs) => ({ tagName, attribs: withPageRules(tagName, attribs) }) },
};

/** The rules an allow-list cannot say: which addresses a link or an image may have, and where a link may open. */
function withPageRules(tag: string, attributes: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const kept = { ...attributes };
  if ('href' in kept && !PAGE_LINK_URL.test(pageAddress(kept.href))) delete kept.href;
  if ('src' in kept && (tag !== 'img' || !isPageImageSource(kept.src))) delete kept.src;
  if ('target' in kept) {
    const target = pageLinkTarget(tag, kept.target);
    if (target === null) delete kept.target;
    else if (target === '_blank') kept.rel = 'noopener noreferrer';
  }
  return kept;
}

const BODY_DIV = defaultTreeAdapter.createElement('div', parse5Html.NS.HTML, []);

/** The markup as a browser builds it as a <div>'s innerHTML (React's dangerouslySetInnerHTML), written out again. */
const asBrowsersParseIt = (markup: string): string => serialize(parseFragment(BODY_DIV, markup, {}));

const MAX_PASSES = 4;

/** Cleaned pages kept by their input: a booking rush sends the same few templates' bodies again and again. */
const MAX_REMEMBERED = 100;
const remembered = new Map<string, string>();

/**
 * Staff-written HTML as it is kept and sent: only what domain/shared/page-html.ts allows. sanitize-html keeps the
 * allowed elements and attributes; before and after it, parse5 reads the markup as a browser does and writes it out
 * again, so that what is kept is what a browser will build (sanitize-html's own parser is not a browser's). Cleaned
 * again until it no longer changes, so that markup which parses differently the second time (mutation XSS) is
 * cleaned as it will be read; in the rare case it keeps changing, nothing is kept. No DOM is needed (DOMPurify on
 * the server needed jsdom, ~100 MB on a thread of its own): a page of a kB or two takes about a third of a
 * millisecond, and each result is remembered.
 */
export function cleanPageHtml(html: string): string {
  if (!html.trim()) return html;
  const known = remembered.get(html);
  if (known !== undefined) return known;
  const cleaned = cleanUntilStable(html);
  remember(html, cleaned);
  // Cleaning is idempotent: a body cleaned when it was saved goes out again, unchanged, without another cleaning.
  remember(cleaned, cleaned);
  return cleaned;
}

function cleanUntilStable(html: string): string {
  let cleaned = html;
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const again = asBrowsersParseIt(sanitizeHtml(asBrowsersParseIt(cleaned), SANITIZE_OPTIONS));
    if (pass > 0 && again === cleaned) return cleaned;
    cleaned = again;
  }
  return '';
}

function remember(html: string, cleaned: string): void {
  remembered.delete(html);
  if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
  remembered.set(html, cleaned);
}
