/** The first KurrentDB release whose AppendSession appends to several streams in one atomic write. */
export const REQUIRED_SERVER_VERSION = '25.1';

/**
 * Thrown by `appendMany` for more than one stream when the server turns out not to offer the atomic multi-stream
 * append after all (e.g. it was replaced by an older one after this process started). Nothing is written: the client
 * refuses before sending, and the server refuses the whole call. The start-up check (`KurrentDbEventStore.open`)
 * normally keeps such a server from being used at all.
 */
export class MultiStreamAppendUnsupportedError extends Error {
  readonly code = 'MULTI_STREAM_APPEND_UNSUPPORTED';
  constructor(
    readonly streamIds: string[],
    detail?: string,
  ) {
    super(
      `KurrentDB ${REQUIRED_SERVER_VERSION} or later is needed to append to several streams atomically ` +
        `(${streamIds.join(', ')}); nothing was written${detail ? ` (${detail})` : ''}`,
    );
    this.name = 'MultiStreamAppendUnsupportedError';
  }
}

/** Thrown at start when EVENTSTORE_URL names a server without the atomic multi-stream append. */
export class KurrentDbVersionError extends Error {
  readonly code = 'KURRENTDB_VERSION';
  constructor(message: string) {
    super(message);
    this.name = 'KurrentDbVersionError';
  }
}

/** What the server says of itself (the client's ServerFeatures: its version and the gRPC methods it offers). */
export interface ServerFeaturesReport {
  /** As reported, e.g. `25.1.0.2371`; `unknown` when the server has no server-features service. */
  serverVersion: string;
  /** Whether it offers v2 StreamsService/AppendSession, the call behind the client's multiStreamAppend. */
  supportsAppendSession: boolean;
}

/**
 * The gRPC method behind `multiStreamAppend`. The client checks exactly this (ServerFeatures.supports) before each
 * multi-stream append and throws UnsupportedError when it is missing; the start-up check asks the same question.
 */
export const APPEND_SESSION_METHOD = { path: '/kurrentdb.protocol.v2.streams.StreamsService/AppendSession' };

const FEATURES_TIMEOUT_MS = 30_000;

export function multiStreamAppendRefusal(features: ServerFeaturesReport): string | null {
  if (features.supportsAppendSession) return null;
  const version = parseServerVersion(features.serverVersion);
  const server = version
    ? `The server at EVENTSTORE_URL is version ${features.serverVersion}`
    : 'The server at EVENTSTORE_URL does not report its version (EventStoreDB older than 21.10?)';
  const offered = version && isAtLeast(version, [25, 1]) ? ', but does not offer the multi-stream append' : '';
  return (
    `KurrentDB ${REQUIRED_SERVER_VERSION} or later is required: ${server}${offered}. ` +
    'This app appends to several streams in one atomic write (multiStreamAppend) and will not write them one by one. ' +
    'Upgrade the server, or unset EVENTSTORE_URL to keep the events in PostgreSQL.'
  );
}

/** `25.1.0.2371` → [25, 1]; null when it is not a version (`unknown`). */
export function parseServerVersion(version: string): [number, number] | null {
  const match = /^v?(\d+)\.(\d+)/.exec(version.trim());
  return match ? [Number(match[1]), Number(match[2])] : null;
}

function isAtLeast(version: [number, number], wanted: [number, number]): boolean {
  return version[0] > wanted[0] || (version[0] === wanted[0] && version[1] >= wanted[1]);
}

/** The part of the client's ServerFeatures used here. */
interface ClientServerFeatures {
  serverVersion: string;
  supports(method: { path: string }, feature?: string): boolean;
}

/**
 * Asks the server for its features, as the client itself does before a multiStreamAppend. The client keeps them
 * behind a protected getter (`capabilities`, a promise of its ServerFeatures, fetched once and cached); there is no
 * public call for it in 1.3.
 */
export async function readServerFeatures(client: object): Promise<ServerFeaturesReport> {
  const pending = (client as { capabilities?: Promise<ClientServerFeatures> }).capabilities;
  if (!pending || typeof pending.then !== 'function') {
    throw new Error('This @kurrent/kurrentdb-client has no server features to ask (expected 1.x)');
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`KurrentDB did not say what it supports within ${FEATURES_TIMEOUT_MS / 1000} s`)),
      FEATURES_TIMEOUT_MS,
    );
    timer.unref();
  });
  try {
    const features = await Promise.race([pending, timeout]);
    return {
      serverVersion: String(features.serverVersion),
      supportsAppendSession: features.supports(APPEND_SESSION_METHOD),
    };
  } finally {
    clearTimeout(timer);
  }
}
