import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { acceptForwarded, forwardedPeerMiddleware, WriteForwarder } from '../../api/cluster-writes';

/**
 * api/cluster-writes.ts over real sockets: a "reader" HTTP server that passes its changes on through a WriteForwarder,
 * and a "writer" Koa app answering on a Unix socket (as the cluster's writer does) that tells what it was asked.
 */
interface Seen {
  method: string;
  url: string;
  ip: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Context {
  folder: string;
  socket: string;
  writer: Server | undefined;
  reader: Server;
  forwarder: WriteForwarder;
  readerUrl: string;
  /** Requests the reader answered itself. */
  local: string[];
}

function echoApp(proxy: boolean): Koa {
  const app = new Koa({ proxy, maxIpsCount: 1 });
  app.use(forwardedPeerMiddleware);
  app.use(async (ctx) => {
    let body = '';
    for await (const chunk of ctx.req) body += String(chunk);
    const seen: Seen = { method: ctx.method, url: ctx.url, ip: ctx.ip, headers: ctx.headers, body };
    ctx.status = ctx.path.endsWith('/missing') ? 404 : 201;
    ctx.append('Set-Cookie', 'first=1; HttpOnly');
    ctx.append('Set-Cookie', 'second=2; HttpOnly');
    ctx.set('X-Writer', 'yes');
    ctx.body = seen;
  });
  return app;
}

async function startWriter(context: Context, proxy = false): Promise<void> {
  const handle = echoApp(proxy).callback();
  const writer = createServer((request, response) => {
    acceptForwarded(request);
    void handle(request, response);
  });
  await new Promise<void>((resolve) => writer.listen(context.socket, resolve));
  context.writer = writer;
}

async function stopWriter(context: Context): Promise<void> {
  const writer = context.writer;
  context.writer = undefined;
  if (!writer) return;
  writer.closeAllConnections();
  await new Promise<void>((resolve) => writer.close(() => resolve()));
}

/** One request on a connection of its own; answers status, headers and body. */
function send(
  url: string,
  method: string,
  pathname: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const length =
      body === undefined || headers['transfer-encoding'] ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    const outgoing = httpRequest(
      `${url}${pathname}`,
      { method, headers: { ...length, ...headers }, agent: false },
      (answer) => {
        let text = '';
        answer.on('data', (chunk) => (text += String(chunk)));
        answer.on('end', () => resolve({ status: answer.statusCode!, headers: answer.headers, text }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const test = suite<Context>('api: changes passed on to the cluster writer');

test.before.each(async (context) => {
  context.folder = await mkdtemp(path.join(os.tmpdir(), 'cluster-writes-test-'));
  context.socket = path.join(context.folder, 'writes.sock');
  context.forwarder = new WriteForwarder(context.socket);
  context.forwarder.writerUp = true;
  context.local = [];
  context.reader = createServer((request, response) => {
    if (context.forwarder.forward(request, response)) return;
    context.local.push(`${request.method} ${request.url}`);
    request.resume();
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('answered by the reader');
  });
  await new Promise<void>((resolve) => context.reader.listen(0, '127.0.0.1', resolve));
  context.readerUrl = `http://127.0.0.1:${(context.reader.address() as AddressInfo).port}`;
  await startWriter(context);
});

test.after.each(async (context) => {
  context.forwarder.close();
  context.reader.closeAllConnections();
  await new Promise<void>((resolve) => context.reader.close(() => resolve()));
  await stopWriter(context);
  await rm(context.folder, { recursive: true, force: true });
});

test('a change under /api/ is answered by the writer: method, path, query, headers and body as sent', async (context) => {
  const body = JSON.stringify({ name: 'Clinic', note: 'é'.repeat(10_000) });
  const answer = await send(context.readerUrl, 'POST', '/api/categories?x=1&y=2', body, {
    'content-type': 'application/json',
    cookie: 'session=abc',
    authorization: 'Bearer token',
    'idempotency-key': 'key-1',
  });
  assert.is(answer.status, 201);
  assert.is(answer.headers['x-writer'], 'yes');
  const seen = JSON.parse(answer.text) as Seen;
  assert.is(seen.method, 'POST');
  assert.is(seen.url, '/api/categories?x=1&y=2');
  assert.is(seen.body, body);
  assert.is(seen.headers['content-type'], 'application/json');
  assert.is(seen.headers.cookie, 'session=abc');
  assert.is(seen.headers.authorization, 'Bearer token');
  assert.is(seen.headers['idempotency-key'], 'key-1');
  assert.equal(context.local, []);
});

test('PUT, PATCH and DELETE go to the writer; GET, HEAD, OPTIONS and changes outside /api/ stay', async (context) => {
  for (const method of ['PUT', 'PATCH', 'DELETE']) {
    const answer = await send(context.readerUrl, method, '/api/calendars/1', '{}');
    assert.is(answer.status, 201, method);
    assert.is((JSON.parse(answer.text) as Seen).method, method);
  }
  for (const method of ['GET', 'HEAD', 'OPTIONS']) await send(context.readerUrl, method, '/api/calendars/1');
  await send(context.readerUrl, 'POST', '/csp-report', '{}');
  assert.equal(context.local, [
    'GET /api/calendars/1',
    'HEAD /api/calendars/1',
    'OPTIONS /api/calendars/1',
    'POST /csp-report',
  ]);
});

test("a chunked body (no Content-Length) arrives whole, a DELETE's included", async (context) => {
  for (const method of ['POST', 'DELETE']) {
    const body = JSON.stringify({ reason: 'x'.repeat(50_000) });
    const answer = await send(context.readerUrl, method, '/api/appointments/1', body, {
      'transfer-encoding': 'chunked',
    });
    assert.is(answer.status, 201, method);
    assert.is((JSON.parse(answer.text) as Seen).body, body, method);
  }
});

test("the writer's answer comes back whole: status, every Set-Cookie, body", async (context) => {
  const answer = await send(context.readerUrl, 'DELETE', '/api/appointments/missing');
  assert.is(answer.status, 404);
  assert.equal(answer.headers['set-cookie'], ['first=1; HttpOnly', 'second=2; HttpOnly']);
  assert.is((JSON.parse(answer.text) as Seen).url, '/api/appointments/missing');
});

test("the writer takes the client's address from the reader's peer; a client cannot set it", async (context) => {
  const answer = await send(context.readerUrl, 'POST', '/api/public/locks', '{}', {
    'x-booking-forwarded-peer': '198.51.100.7',
  });
  const seen = JSON.parse(answer.text) as Seen;
  assert.is(seen.ip, '127.0.0.1');
  assert.is(seen.headers['x-booking-forwarded-peer'], undefined, 'not left for the handlers');
});

test('behind a trusted proxy (production), the address is the last X-Forwarded-For entry, as the reader would take it', async (context) => {
  await stopWriter(context);
  await startWriter(context, true);
  const answer = await send(context.readerUrl, 'POST', '/api/public/locks', '{}', {
    'x-forwarded-for': '203.0.113.1, 192.0.2.44',
  });
  assert.is((JSON.parse(answer.text) as Seen).ip, '192.0.2.44');
});

test('while the writer is not up, the reader answers its changes itself', async (context) => {
  context.forwarder.writerUp = false;
  const answer = await send(context.readerUrl, 'POST', '/api/categories', '{}');
  assert.is(answer.text, 'answered by the reader');
  assert.equal(context.local, ['POST /api/categories']);
});

test('a writer that cannot be reached: 503 SERVER_BUSY with Retry-After, not a hang or a 500', async (context) => {
  await stopWriter(context);
  const answer = await send(context.readerUrl, 'POST', '/api/categories', '{"name":"x"}', {
    'content-type': 'application/json',
  });
  assert.is(answer.status, 503);
  assert.is(answer.headers['retry-after'], '1');
  assert.is((JSON.parse(answer.text) as { error: string }).error, 'SERVER_BUSY');
});

test.run();
