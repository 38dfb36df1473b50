/**
 * A minimal clean-up of HTML written by staff (service landing and confirmation pages) before it is rendered
 * with dangerouslySetInnerHTML: removes elements that run code or pull in other documents or styles, event
 * handler attributes (on*), and javascript:/vbscript:/data: addresses (data: images are kept). The text is
 * parsed by DOMParser, whose document is inert: nothing in it runs or loads while it is cleaned.
 */
const removedElements = 'script, style, iframe, frame, frameset, object, embed, applet, link, meta, base, template, noscript, animate, set';

const urlAttributes = new Set(['href', 'src', 'xlink:href', 'action', 'formaction', 'poster', 'background', 'cite', 'srcset']);

function isUnsafeUrl(attribute: string, value: string): boolean {
  // Browsers ignore control characters and white space inside a scheme ("java\nscript:").
  // eslint-disable-next-line no-control-regex -- the control characters are exactly what must be removed
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]+/g, '').toLowerCase();
  if (compact.startsWith('javascript:') || compact.startsWith('vbscript:')) return true;
  if (compact.startsWith('data:')) return !(attribute === 'src' && compact.startsWith('data:image/') && !compact.startsWith('data:image/svg'));
  return false;
}

export function sanitizeHtml(html: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  for (const element of Array.from(document.body.querySelectorAll(removedElements))) element.remove();
  for (const element of Array.from(document.body.querySelectorAll('*'))) {
    for (const { name, value } of Array.from(element.attributes)) {
      const lower = name.toLowerCase();
      if (lower.startsWith('on') || lower === 'srcdoc' || (urlAttributes.has(lower) && isUnsafeUrl(lower, value))) {
        element.removeAttribute(name);
      }
    }
  }
  return document.body.innerHTML;
}
