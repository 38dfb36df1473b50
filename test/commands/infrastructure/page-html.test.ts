import createDOMPurify, { type WindowLike } from 'dompurify';
import { JSDOM } from 'jsdom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanPageHtml } from '../../../commands/infrastructure/page-html';
import { enforcePageHtmlRules, PAGE_HTML_OPTIONS, PAGE_HTML_TAGS } from '../../../domain/shared/page-html';
import { DOMPURIFY_PAYLOADS } from './fixtures/dompurify-payloads';

/**
 * Known XSS payloads, mutation XSS (markup that is harmless as parsed once and live once its serialisation is
 * parsed again) above all. The output is judged the way a browser meets it: parsed again, as the innerHTML of a
 * <div> (what React's dangerouslySetInnerHTML does), and then inspected element by element.
 */
const PAYLOADS = [
  // mXSS through form / math / mglyph nesting, with each raw-text element
  '<form><math><mtext></form><form><mglyph><xmp></math><img src=x onerror=alert(1)>',
  '<form><math><mtext></form><form><mglyph><noembed></math><img src=x onerror=alert(1)>',
  '<form><math><mtext></form><form><mglyph><noframes></math><img src=x onerror=alert(1)>',
  '<form><math><mtext></form><form><mglyph><noscript></math><img src=x onerror=alert(1)>',
  '<form><math><mtext></form><form><mglyph><style></math><img src=x onerror=alert(1)>',
  '<form><math><mtext></form><form><mglyph><textarea></math><img src=x onerror=alert(1)>',
  '<math><mi><mglyph><style><img src=x onerror=alert(1)>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;img src=1 onerror=alert(1)&gt;">',
  '<math><mtext><h1><a><h6></a></h6><mglyph><svg><mtext><style><a title="</style><img src onerror=alert(1)>"></style></h1>',
  '<math><annotation-xml encoding="text/html"><style><img src=x onerror=alert(1)></style></annotation-xml></math>',
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  '<svg><p><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<noembed><img title="</noembed><img src=x onerror=alert(1)>"></noembed>',
  '<noframes><img title="</noframes><img src=x onerror=alert(1)>"></noframes>',
  '<style><img src=x onerror=alert(1)></style>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<template><img src=x onerror=alert(1)></template>',
  '<select><template><style><img src=x onerror=alert(1)></style></template></select>',
  '<!--><img src=x onerror=alert(1)>-->',
  '<![CDATA[><img src=x onerror=alert(1)>]]>',
  '<?xml version="1.0"?><img src=x onerror=alert(1)>',
  // scripts and their hosts
  '<script>alert(1)</script>',
  '<scr<script>ipt>alert(1)</script>',
  '<svg><script>alert(1)</script></svg>',
  '<svg onload=alert(1)>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>',
  '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<base href="javascript:/"><a href="x">x</a>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  // event handlers
  '<img src=x onerror=alert(1)>',
  '<img src=x OnErRoR=alert(1)>',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<input onfocus=alert(1) autofocus>',
  '<p onclick="alert(1)" style="background:url(javascript:alert(1))">x</p>',
  // forms
  '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">go</button></form>',
  // addresses
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="jav&#x0A;ascript:alert(1)">x</a>',
  '<a href=" &#14; javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="\u2028javascript:alert(1)">x</a>',
  '<a href="&nbsp;javascript:alert(1)">x</a>',
  '<a href="\u3000javascript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<img src="javascript:alert(1)">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="https://example.org/a.png" srcset="javascript:alert(1) 1x">',
];

const SCRIPT_ADDRESS = /^(javascript|vbscript|data):/;
/**
 * Attributes a browser reads an address from: DOMPurify's corpus keeps a script address as text in a title, which is
 * only text. The payloads of this file may not hold one in any attribute.
 */
const ADDRESS_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'data',
  'poster',
  'background',
  'cite',
]);
// eslint-disable-next-line no-control-regex -- browsers skip these inside a scheme
const compact = (value: string) => value.replace(/[\u0000-\u0020\u007f-\u009f]+/g, '').toLowerCase();
const allowedTags = new Set(PAGE_HTML_TAGS);

const page = new JSDOM('<!DOCTYPE html><div id="page"></div>').window.document.getElementById('page')!;

/**
 * What is wrong with `html` once a browser parses it: script-capable elements, handlers, script addresses (in any
 * attribute, or with `addressAttributesOnly` in those a browser reads an address from).
 */
function liveProblems(html: string, { addressAttributesOnly = false } = {}): string[] {
  page.innerHTML = html;
  const problems: string[] = [];
  for (const element of Array.from(page.querySelectorAll('*'))) {
    const tag = element.localName;
    if (element.namespaceURI !== 'http://www.w3.org/1999/xhtml' || !allowedTags.has(tag))
      problems.push(`<${tag}> (${element.namespaceURI})`);
    for (const { name, value } of Array.from(element.attributes)) {
      const lower = name.toLowerCase();
      if (lower.startsWith('on') || ['srcdoc', 'style', 'action', 'formaction', 'srcset', 'xlink:href'].includes(lower))
        problems.push(`${tag}[${name}]`);
      const address = compact(value);
      const dataImage = tag === 'img' && lower === 'src' && /^data:image\/(png|gif|jpe?g|webp)/.test(address);
      if ((!addressAttributesOnly || ADDRESS_ATTRIBUTES.has(lower)) && SCRIPT_ADDRESS.test(address) && !dataImage)
        problems.push(`${tag}[${name}=${value}]`);
    }
  }
  // Parsing the result once more must give the same markup: a difference is where mutation XSS lives.
  const again = page.innerHTML;
  page.innerHTML = again;
  if (page.innerHTML !== again) problems.push('the markup changes when parsed again');
  return problems;
}

test('no known payload leaves a live element, handler or script address once the output is parsed again', () => {
  for (const payload of PAYLOADS) {
    const cleaned = cleanPageHtml(payload);
    assert.equal(liveProblems(cleaned), [], `${payload}\n  -> ${cleaned}`);
    assert.not.match(cleaned, /onerror|onload|javascript:|<script/i, `${payload}\n  -> ${cleaned}`);
  }
});

test('the payloads wrapped in ordinary content are cleaned too, and the content stays', () => {
  for (const payload of PAYLOADS) {
    const cleaned = cleanPageHtml(`<p>Before</p>${payload}<p>After</p>`);
    assert.equal(liveProblems(cleaned), [], `${payload}\n  -> ${cleaned}`);
    assert.match(cleaned, '<p>Before</p>');
  }
});

test("DOMPurify's own test payloads leave nothing live once parsed again, alone or among content, and stay stable", () => {
  for (const { title, payload } of DOMPURIFY_PAYLOADS) {
    for (const input of [payload, `<p>Before</p>${payload}<p>After</p>`]) {
      const cleaned = cleanPageHtml(input);
      assert.equal(liveProblems(cleaned, { addressAttributesOnly: true }), [], `${title}: ${input}\n  -> ${cleaned}`);
      assert.is(cleanPageHtml(cleaned), cleaned, `${title}: stable`);
    }
    // What follows an element left open (a <style>, an <svg>) is inside it, and goes with it, as in a browser.
    assert.ok(
      cleanPageHtml(`<p>Before</p>${payload}`).startsWith('<p>Before</p>'),
      `${title}: the content before stays`,
    );
  }
});

test('cleaning is stable: cleaned HTML cleaned again is unchanged', () => {
  for (const payload of PAYLOADS) {
    const cleaned = cleanPageHtml(payload);
    assert.is(cleanPageHtml(cleaned), cleaned, payload);
  }
});

const LEGITIMATE_PAGE = [
  '<h2>Travel clinic</h2>',
  '<p>Bring your <strong>health card</strong> and <em>vaccination record</em>.<br>Questions? <a href="tel:+16139330000">613-933-0000</a></p>',
  '<ul><li>Adults</li><li>Children</li></ul>',
  '<ol start="2"><li>Second</li></ol>',
  '<p><a href="https://eohu.ca/travel" target="_blank" rel="noopener noreferrer">Details</a> · <a href="mailto:info@example.org">E-mail us</a> · <a href="/fr/service">Français</a></p>',
  '<img src="https://eohu.ca/logo.png" alt="Logo" width="120">',
  '<img src="data:image/png;base64,iVBORw0KGgo=" alt="Dot">',
  '<table><thead><tr><th scope="col">Day</th></tr></thead><tbody><tr><td colspan="2">Monday</td></tr></tbody></table>',
  '<blockquote>Quote</blockquote><p>Hello {{clientName}} &amp; family</p>',
].join('');

test('what staff legitimately write is kept', () => {
  assert.is(cleanPageHtml(LEGITIMATE_PAGE), LEGITIMATE_PAGE);
});

test('a link that opens a new window gets rel="noopener noreferrer"; other targets and SVG images go', () => {
  assert.is(
    cleanPageHtml('<a href="https://example.org" target="_blank">x</a>'),
    '<a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a>',
  );
  assert.is(cleanPageHtml('<a href="https://example.org" target="_top">x</a>'), '<a href="https://example.org">x</a>');
  assert.is(cleanPageHtml('<img src="data:image/svg+xml,<svg/>" alt="x">'), '<img alt="x">');
  assert.is(cleanPageHtml('<img src="ftp://example.org/a.png" alt="x">'), '<img alt="x">');
});

/** The browser's cleaning (web/src/shared/sanitizeHtml.ts), over jsdom here. */
const browserPurifier = (() => {
  const purifier = createDOMPurify(new JSDOM('<!DOCTYPE html>').window as unknown as WindowLike);
  purifier.addHook('afterSanitizeAttributes', enforcePageHtmlRules);
  return purifier;
})();

test("the browser's DOMPurify, given what the server kept, keeps it all: the server is at least as strict", () => {
  for (const payload of [...PAYLOADS, LEGITIMATE_PAGE, '<p>Caf&eacute;&nbsp;&lt;open&gt; <a href="/fr">x</a></p>']) {
    const kept = cleanPageHtml(`<p>Before</p>${payload}`);
    assert.is(browserPurifier.sanitize(kept, PAGE_HTML_OPTIONS), kept, payload);
  }
});

test('empty and plain text stay as they are', () => {
  assert.is(cleanPageHtml(''), '');
  assert.is(cleanPageHtml('Just text'), 'Just text');
});

test.run();
