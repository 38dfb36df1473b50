/**
 * Just enough MIME reading for tests of captured mail: decoded headers (RFC 2047 words) and the decoded bodies of
 * the leaf parts, with their content types.
 */

export interface MimePart {
  headers: Record<string, string>;
  body: string;
}

function decodeWords(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([BbQq])\?([^?]*)\?=(\s+(?==\?))?/g,
    (_, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
  );
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block
    .replace(/\r\n/g, '\n')
    .replace(/\n[ \t]+/g, ' ')
    .split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return Buffer.from(
        body
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    default:
      return body;
  }
}

function split(raw: string): { headers: Record<string, string>; rest: string } {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  return {
    headers: parseHeaders(end < 0 ? normalised : normalised.slice(0, end)),
    rest: end < 0 ? '' : normalised.slice(end + 2),
  };
}

/** The message's headers and its leaf parts (a single-part message is one leaf). */
export function parseMail(raw: string): { headers: Record<string, string>; parts: MimePart[] } {
  const { headers, rest } = split(raw);
  const parts: MimePart[] = [];
  const walk = (partHeaders: Record<string, string>, body: string) => {
    const boundary = /boundary="?([^";]+)"?/i.exec(partHeaders['content-type'] ?? '')?.[1];
    if (!boundary) {
      parts.push({ headers: partHeaders, body: decodeBody(body, partHeaders['content-transfer-encoding']) });
      return;
    }
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const inner = split(chunk.replace(/^\n/, ''));
      walk(inner.headers, inner.rest.replace(/\n$/, ''));
    }
  };
  walk(headers, rest);
  return { headers, parts };
}

export const partOfType = (mail: { parts: MimePart[] }, type: string): MimePart | undefined =>
  mail.parts.find((part) => (part.headers['content-type'] ?? '').toLowerCase().startsWith(type));
