import { createReadStream, existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context, Next } from 'koa';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
  '.txt': 'text/plain; charset=utf-8',
};

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page with the unit's time zone in a meta tag, for the web app's dates and times (`web/src/i18n/format.ts`). */
export function withTimeZoneMeta(html: string, unitTimeZone: string): string {
  return html.replace(
    '</head>',
    `  <meta name="unit-time-zone" content="${escapeAttribute(unitTimeZone)}" />\n  </head>`,
  );
}

/**
 * Serves the built SPA from `root`: files as they are (hashed assets cached for a year), and index.html for any
 * other GET outside /api so that client-side routes survive a reload. Pages carry the unit's time zone.
 */
export function staticSpa(root: string, { unitTimeZone }: { unitTimeZone: string }) {
  const base = path.resolve(root);
  return async (ctx: Context, next: Next): Promise<void> => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api')) return next();
    let relative: string;
    try {
      relative = decodeURIComponent(ctx.path);
    } catch {
      return next();
    }
    const candidate = path.resolve(base, '.' + path.posix.normalize('/' + relative));
    if (!candidate.startsWith(base + path.sep) && candidate !== base) return next();
    const file = (await isFile(candidate)) ? candidate : path.extname(relative) ? null : path.join(base, 'index.html');
    if (!file || !existsSync(file)) return next();
    const isAsset = file.includes(`${path.sep}assets${path.sep}`);
    ctx.set('Cache-Control', isAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
    ctx.type = contentTypes[path.extname(file)] ?? 'application/octet-stream';
    ctx.body =
      path.extname(file) === '.html'
        ? withTimeZoneMeta(await readFile(file, 'utf8'), unitTimeZone)
        : createReadStream(file);
  };
}

async function isFile(candidate: string): Promise<boolean> {
  try {
    return (await stat(candidate)).isFile();
  } catch {
    return false;
  }
}
