import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { staticSpa } from '../../api/middleware/static-spa';

/** The built web app as the server hands it out: files as they are, the page for client routes, with the unit's time zone. */
const test = suite<{ root: string; server: Server; baseUrl: string }>('api: the web app served');

const page =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Unit</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n';
const script = 'console.log("</head>");\n';

test.before(async (context) => {
  context.root = await mkdtemp(path.join(tmpdir(), 'static-spa-'));
  await mkdir(path.join(context.root, 'assets'));
  await writeFile(path.join(context.root, 'index.html'), page);
  await writeFile(path.join(context.root, 'assets', 'app-1a2b.js'), script);
  const app = new Koa().use(staticSpa(context.root, { unitTimeZone: 'America/Vancouver' }));
  context.server = app.listen(0);
  context.baseUrl = `http://127.0.0.1:${(context.server.address() as AddressInfo).port}`;
});
test.after(async (context) => {
  await new Promise((resolve) => context.server?.close(resolve));
  await rm(context.root, { recursive: true, force: true });
});

test('a client route gets the page, carrying the unit time zone in a meta tag', async (context) => {
  for (const route of ['/', '/fr/service/1', '/admin/booking']) {
    const answer = await fetch(`${context.baseUrl}${route}`);
    assert.is(answer.status, 200, route);
    assert.match(answer.headers.get('content-type') ?? '', /^text\/html/);
    assert.is(answer.headers.get('cache-control'), 'no-cache');
    const html = await answer.text();
    assert.match(html, /<meta name="unit-time-zone" content="America\/Vancouver" \/>\s*<\/head>/, route);
    assert.ok(html.includes('<title>Unit</title>'), 'the rest of the page as built');
  }
});

test('assets are served as they are, cached for a year; a missing file with an extension is not found', async (context) => {
  const asset = await fetch(`${context.baseUrl}/assets/app-1a2b.js`);
  assert.equal([asset.status, await asset.text()], [200, script]);
  assert.is(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  assert.is((await fetch(`${context.baseUrl}/assets/missing.js`)).status, 404);
  const outside = await fetch(`${context.baseUrl}/%2e%2e/%2e%2e/etc/passwd`);
  assert.ok(
    (await outside.text()).includes('<title>Unit</title>'),
    'a path climbing out of the folder is a client route, never a file',
  );
});

test.run();
