import { Agent, request as forwardRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Context, Next } from 'koa';
import type { ErrorBody } from './middleware/errors';

/**
 * With several API workers, every change (a request under /api/ other than GET, HEAD or OPTIONS) is handled by one
 * of them, the writer: the others pass it on over a Unix socket and relay the answer. A calendar date's stream then
 * has one writer, which decides on the state it remembers and appends with its revision, instead of two workers
 * appending to the same streams in turn, each refused on the other's revisions and waiting on the other's row locks
 * (on two cores, two workers booked a fourth of what one process did). Reads, the bulk of a rush, are answered by
 * every worker. Nothing depends on it for correctness: the event store's revision check still guards every append,
 * and while the writer is away (restarting) each worker handles its changes itself.
 */

/** Where a passed-on request came from: the worker's peer (the client, or the load balancer in front). */
const PEER_HEADER = 'x-booking-forwarded-peer';
const forwardedPeer = Symbol('forwarded peer');

/**
 * Hop-by-hop headers: they describe one connection, not the request or the answer. A request's Transfer-Encoding
 * stays: Node frames a DELETE's body only when told it is chunked.
 */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'upgrade', 'te', 'trailer'];
const REQUEST_HOP_BY_HOP = new Set(HOP_BY_HOP);
const ANSWER_HOP_BY_HOP = new Set([...HOP_BY_HOP, 'transfer-encoding']);

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A change: what the writer handles. */
export function isWrite(request: IncomingMessage): boolean {
  return !READS.has(request.method ?? 'GET') && (request.url ?? '').startsWith('/api/');
}

/** What the writer answers when it cannot be reached in the middle of a request (it stopped): try again. */
const writerAway: ErrorBody = { error: 'SERVER_BUSY', detail: 'The server is busy; please try again in a moment.' };

/** In a worker other than the writer: passes its changes on to the writer while the writer is up. */
export class WriteForwarder {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 512 });
  /** Told by the primary: the writer answers on the socket. */
  writerUp = false;

  constructor(private readonly socketPath: string) {}

  /** Passes the request on when it is a change and the writer is up; answers whether it did. */
  forward(request: IncomingMessage, response: ServerResponse): boolean {
    if (!this.writerUp || !isWrite(request)) return false;
    const headers = without(REQUEST_HOP_BY_HOP, request.headers);
    headers[PEER_HEADER] = request.socket.remoteAddress ?? '';
    const upstream = forwardRequest({
      socketPath: this.socketPath,
      method: request.method,
      path: request.url,
      headers,
      agent: this.agent,
    });
    upstream.on('response', (answer) => {
      response.writeHead(answer.statusCode ?? 502, without(ANSWER_HOP_BY_HOP, answer.headers));
      answer.pipe(response);
      answer.on('error', () => response.destroy());
    });
    upstream.on('error', () => {
      if (response.headersSent) return void response.destroy();
      response.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '1' });
      response.end(JSON.stringify(writerAway));
    });
    // The client went away before its answer: so does the request to the writer.
    response.on('close', () => {
      if (!response.writableFinished) upstream.destroy();
    });
    request.pipe(upstream);
    return true;
  }

  close(): void {
    this.agent.destroy();
  }
}

function without(
  dropped: ReadonlySet<string>,
  headers: Record<string, string | string[] | undefined>,
): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !dropped.has(name)) kept[name] = value;
  return kept;
}

/**
 * In the writer, for a request that arrived on its socket: takes the peer the passing worker saw from the request's
 * headers (only that socket's requests carry it; on the public port the header means nothing).
 */
export function acceptForwarded(request: IncomingMessage): void {
  const peer = request.headers[PEER_HEADER];
  delete request.headers[PEER_HEADER];
  (request as IncomingMessage & { [forwardedPeer]?: string })[forwardedPeer] = typeof peer === 'string' ? peer : '';
}

/**
 * A passed-on request's client address is the one the passing worker would have taken: the forwarded-for address
 * when proxies are trusted, else its peer's.
 */
export async function forwardedPeerMiddleware(ctx: Context, next: Next): Promise<void> {
  const peer = (ctx.req as IncomingMessage & { [forwardedPeer]?: string })[forwardedPeer];
  if (peer !== undefined) ctx.request.ip = ctx.request.ips[0] || peer;
  await next();
}
