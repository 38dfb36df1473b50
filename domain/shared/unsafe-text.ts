/**
 * Text that no field may hold: it breaks storage (PostgreSQL refuses U+0000 and unpaired surrogates), hides or
 * reorders what staff read (bidirectional overrides), or passes for a name while showing nothing.
 */
export type UnsafeTextReason = 'control' | 'unpaired-surrogate' | 'bidi-override' | 'invisible-only';

// Tab, line feed and carriage return stay allowed: addresses, notes, templates and questionnaires have lines.
// eslint-disable-next-line no-control-regex -- control characters are exactly what this finds
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/;
const UNPAIRED_SURROGATE = /\p{Surrogate}/u;
const BIDI_OVERRIDE = /[\u202A-\u202E\u2066-\u2069]/;
/** Characters that take no room on screen: zero-width spaces and joiners, word joiner, byte-order mark, soft hyphen, fillers. */
// U+034F (combining grapheme joiner) stands outside the classes: a combining mark inside one misleads readers.
const INVISIBLE = /[\u00AD\u115F\u1160\u180E\u200B-\u200F\u2060-\u2064\u3164\uFEFF\uFFA0]|\u034F/u;
const INVISIBLE_OR_SPACE_ONLY =
  /^(?:[\s\u00AD\u115F\u1160\u180E\u200B-\u200F\u2060-\u2064\u3164\uFEFF\uFFA0]|\u034F)+$/u;

export function unsafeTextReason(text: string): UnsafeTextReason | null {
  if (CONTROL.test(text)) return 'control';
  if (UNPAIRED_SURROGATE.test(text)) return 'unpaired-surrogate';
  if (BIDI_OVERRIDE.test(text)) return 'bidi-override';
  if (INVISIBLE.test(text) && INVISIBLE_OR_SPACE_ONLY.test(text)) return 'invisible-only';
  return null;
}

export interface UnsafeTextIssue {
  path: (string | number)[];
  reason: UnsafeTextReason;
}

/** Every string (and object key) in a parsed JSON value, query or path that holds unsafe text, with where it is. */
export function findUnsafeText(value: unknown, path: (string | number)[] = []): UnsafeTextIssue[] {
  if (typeof value === 'string') {
    const reason = unsafeTextReason(value);
    return reason ? [{ path, reason }] : [];
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => findUnsafeText(item, [...path, index]));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => {
      const reason = unsafeTextReason(key);
      return reason ? [{ path: [...path, key], reason }] : findUnsafeText(item, [...path, key]);
    });
  }
  return [];
}
