import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  ANY,
  NO_STREAM,
  STREAM_EXISTS,
  UnsupportedError,
  WrongExpectedVersionError,
  type AppendStreamRequest,
  type MultiAppendResult,
} from '@kurrent/kurrentdb-client';
import { KurrentDbEventStore } from '../../../commands/event-store/eventstoredb';
import {
  JSON_PROPERTIES_KEY,
  decodeMetadataProperties,
  encodeMetadataProperties,
  firstRevisionOf,
  fromActualState,
  parseMetadata,
  retriedRevision,
  revisionsOf,
  toAppendRequests,
  toConflict,
  toStreamState,
} from '../../../commands/event-store/kurrentdb-mapping';
import {
  APPEND_SESSION_METHOD,
  KurrentDbVersionError,
  MultiStreamAppendUnsupportedError,
  REQUIRED_SERVER_VERSION,
  multiStreamAppendRefusal,
  parseServerVersion,
  readServerFeatures,
} from '../../../commands/event-store/kurrentdb-server';
import { WrongExpectedRevisionError, type StreamAppend } from '../../../domain/event-store/port';
import { newEvent } from '../../support/events';

// The KurrentDB adapter's own logic, without a server: the contract suite (eventstoredb.test.ts) needs one and is
// skipped on machines without EVENTSTORE_URL.
const test = suite('KurrentDB adapter: mapping and start-up check');
const require = createRequire(import.meta.url);

test('port expected revisions map to the client stream states', () => {
  assert.is(toStreamState('no_stream'), NO_STREAM);
  assert.is(toStreamState(-1), NO_STREAM);
  assert.is(toStreamState('stream_exists'), STREAM_EXISTS);
  assert.is(toStreamState('any'), ANY);
  assert.is(toStreamState(0), 0n);
  assert.is(toStreamState(41), 41n);
});

test('actual states in a conflict map to a revision or -1', () => {
  assert.is(fromActualState(3n), 3);
  assert.is(fromActualState(0n), 0);
  assert.is(fromActualState('no_stream'), -1);
  assert.is(fromActualState(-5n), -1, 'deleted');
  assert.is(fromActualState(undefined), -1);
});

test('metadata becomes string properties and reads back exactly', () => {
  const event = newEvent('A');
  const properties = encodeMetadataProperties(event.metadata);
  for (const value of Object.values(properties)) assert.type(value, 'string');
  assert.is(properties.eventId, event.eventId, 'strings are kept as they are');
  assert.is(properties.actor, JSON.stringify({ system: 'test' }));
  assert.is(properties.causationId, 'null');
  assert.equal(JSON.parse(properties[JSON_PROPERTIES_KEY]!).sort(), ['actor', 'causationId', 'schemaVersion']);
  assert.equal(decodeMetadataProperties(properties), event.metadata);
  // As the client hands it back: parsed JSON, or bytes when it could not parse them.
  assert.equal(parseMetadata(properties), event.metadata);
  assert.equal(parseMetadata(Buffer.from(JSON.stringify(properties))), event.metadata);
});

test('metadata of a single-stream (v1) append is read as it is', () => {
  const { metadata } = newEvent('A');
  assert.equal(parseMetadata(JSON.parse(JSON.stringify(metadata))), metadata);
  assert.equal(parseMetadata(new Uint8Array([0xff, 0x00])), {});
  const looksEncoded = { ...metadata, note: '{"a":1}' };
  assert.equal(parseMetadata(looksEncoded), looksEncoded, 'no key list, nothing decoded');
});

test('the key that lists JSON-encoded properties is reserved', () => {
  const { metadata } = newEvent('A');
  assert.throws(() => encodeMetadataProperties({ ...metadata, [JSON_PROPERTIES_KEY]: 'x' }), /reserved/);
});

const twoStreams = (): StreamAppend[] => [
  { streamId: 'booking-1', expectedRevision: 3, events: [newEvent('Moved', { to: 2 })] },
  {
    streamId: 'slot-2',
    expectedRevision: 'no_stream',
    events: [newEvent('Held', { n: 1 }), newEvent('Released', null)],
  },
];

test('the multi-stream request keeps stream order, expected states, ids, types and data', () => {
  const appends = twoStreams();
  const requests = toAppendRequests(appends);
  assert.equal(
    requests.map((request) => [request.streamName, request.expectedState, request.events.length]),
    [
      ['booking-1', 3n, 1],
      ['slot-2', NO_STREAM, 2],
    ],
  );
  const held = requests[1]!.events[0]!;
  assert.is(held.id, appends[1]!.events[0]!.eventId);
  assert.is(held.type, 'Held');
  assert.is(held.contentType, 'application/json');
  assert.equal(held.data, { n: 1 });
  assert.is(requests[1]!.events[1]!.data, null);
});

interface SentRecord {
  getRecordId(): string;
  getSchema(): { getName(): string; getFormat(): number };
  getData_asU8(): Uint8Array;
  getPropertiesMap(): { forEach(callback: (value: { getStringValue(): string }, key: string) => void): void };
}
interface SentRequest {
  getStream(): string;
  getExpectedRevision(): string;
  getRecordsList(): SentRecord[];
}
type Callback = (error: Error | null, response?: unknown) => void;

/** Runs the client's own multiStreamAppend (request building and validation) against a fake gRPC session. */
async function sendThroughClient(
  requests: AppendStreamRequest[],
  answer: (sent: SentRequest[]) => { error: Error | null; response?: unknown },
): Promise<{ sent: SentRequest[]; result: Promise<MultiAppendResult> }> {
  const { multiStreamAppend } =
    require('@kurrent/kurrentdb-client/dist/streams/appendToStream/multiStreamAppend.js') as {
      multiStreamAppend: (this: unknown, requests: AppendStreamRequest[]) => Promise<MultiAppendResult>;
    };
  const sent: SentRequest[] = [];
  const session = {
    appendSession(_metadata: unknown, _options: unknown, callback: Callback) {
      const sink = Object.assign(new EventEmitter(), {
        write(message: SentRequest) {
          sent.push(message);
          return true;
        },
        end() {
          const { error, response } = answer(sent);
          setImmediate(() => callback(error, response));
        },
      });
      return sink;
    },
  };
  const fakeClient = {
    callArguments: () => [{}, {}],
    execute: (_client: unknown, _name: string, action: (client: typeof session) => Promise<unknown>) => action(session),
  };
  const result = multiStreamAppend.call(fakeClient, requests);
  return { sent, result };
}

test('a retry is recognised by the ids right after the expected revision', () => {
  const [booking, slot] = twoStreams() as [StreamAppend, StreamAppend];
  const ids = (append: StreamAppend) => append.events.map((event) => event.eventId);
  assert.is(firstRevisionOf(booking), 4);
  assert.is(firstRevisionOf(slot), 0);
  assert.is(firstRevisionOf({ ...slot, expectedRevision: 'any' }), null);
  assert.is(firstRevisionOf({ ...slot, expectedRevision: 'stream_exists' }), null);
  assert.is(retriedRevision(booking, ids(booking)), 4);
  assert.is(retriedRevision(slot, ids(slot)), 1);
  assert.is(
    retriedRevision(
      slot,
      ids(slot).map((id) => id.toUpperCase()),
    ),
    1,
    'ids compare without case',
  );
  assert.is(retriedRevision(slot, ids(slot).slice(0, 1)), null, 'only part of it');
  assert.is(retriedRevision(slot, [...ids(slot)].reverse()), null, 'another order');
  assert.is(retriedRevision(slot, []), null, 'nothing there');
  assert.is(retriedRevision({ ...slot, expectedRevision: 'any' }, ids(slot)), null);
});

test('the client accepts the request and sends one AppendRequest per stream, properties as strings', async () => {
  const appends = twoStreams();
  const response = {
    getOutputList: () => [
      { getStream: () => 'booking-1', getStreamRevision: () => '4' },
      { getStream: () => 'slot-2', getStreamRevision: () => '1' },
    ],
    getPosition: () => '9000',
  };
  const { sent, result } = await sendThroughClient(toAppendRequests(appends), () => ({ error: null, response }));
  const answer = await result;
  assert.equal(
    sent.map((request) => [request.getStream(), request.getExpectedRevision(), request.getRecordsList().length]),
    [
      ['booking-1', '3', 1],
      ['slot-2', '-1', 2],
    ],
  );
  const record = sent[1]!.getRecordsList()[0]!;
  assert.is(record.getRecordId(), appends[1]!.events[0]!.eventId);
  assert.is(record.getSchema().getName(), 'Held');
  assert.equal(JSON.parse(Buffer.from(record.getData_asU8()).toString('utf8')), { n: 1 });
  const properties: Record<string, string> = {};
  record.getPropertiesMap().forEach((value, key) => (properties[key] = value.getStringValue()));
  assert.equal(decodeMetadataProperties(properties), appends[1]!.events[0]!.metadata);
  assert.equal(revisionsOf(answer, appends), { 'booking-1': 4, 'slot-2': 1 });
});

test('a revision conflict in a multi-stream append names the stream, its expected and actual revisions', () => {
  const appends = twoStreams();
  // What the client makes of the server's StreamRevisionConflictErrorDetails.
  const stale = WrongExpectedVersionError.fromRevisionConflict({
    stream: 'booking-1',
    expectedRevision: '3',
    actualRevision: '5',
  });
  const conflict = toConflict(stale, appends);
  assert.instance(conflict, WrongExpectedRevisionError);
  assert.is(conflict.streamId, 'booking-1');
  assert.is(conflict.expected, 3);
  assert.is(conflict.actual, 5);
  const exists = toConflict(
    WrongExpectedVersionError.fromRevisionConflict({ stream: 'slot-2', expectedRevision: '-1', actualRevision: '0' }),
    appends,
  );
  assert.equal([exists.streamId, exists.expected, exists.actual], ['slot-2', 'no_stream', 0]);
});

test('a single-stream conflict maps the same way', () => {
  const append: StreamAppend = { streamId: 'booking-7', expectedRevision: 'stream_exists', events: [newEvent('A')] };
  const missing = new WrongExpectedVersionError(undefined, {
    streamName: 'booking-7',
    expected: STREAM_EXISTS,
    current: NO_STREAM,
  });
  const conflict = toConflict(missing, [append]);
  assert.equal([conflict.streamId, conflict.expected, conflict.actual], ['booking-7', 'stream_exists', -1]);
});

test('an answer without one of the streams is an error, not a guess', () => {
  const appends = twoStreams();
  assert.throws(
    () => revisionsOf({ position: 1n, responses: [{ streamName: 'booking-1', revision: 4n }] }, appends),
    /slot-2/,
  );
});

test('a server with the multi-stream append is accepted', () => {
  assert.is(multiStreamAppendRefusal({ serverVersion: '25.1.0.2371', supportsAppendSession: true }), null);
  assert.is(multiStreamAppendRefusal({ serverVersion: '26.0.0', supportsAppendSession: true }), null);
});

test('an older server is refused, naming the version it is and the one required', () => {
  const refusal = multiStreamAppendRefusal({ serverVersion: '24.10.4', supportsAppendSession: false });
  assert.ok(refusal);
  assert.match(refusal!, `KurrentDB ${REQUIRED_SERVER_VERSION} or later is required`);
  assert.match(refusal!, 'version 24.10.4');
  assert.match(refusal!, 'EVENTSTORE_URL');
  const silent = multiStreamAppendRefusal({ serverVersion: 'unknown', supportsAppendSession: false });
  assert.match(silent!, 'does not report its version');
  const odd = multiStreamAppendRefusal({ serverVersion: '25.1.0', supportsAppendSession: false });
  assert.match(odd!, 'does not offer the multi-stream append');
});

test('server versions parse to major and minor', () => {
  assert.equal(parseServerVersion('25.1.0.2371'), [25, 1]);
  assert.equal(parseServerVersion('24.10.0'), [24, 10]);
  assert.is(parseServerVersion('unknown'), null);
});

test('the start-up check asks the client the same question as its multiStreamAppend', async () => {
  const { StreamsServiceService } =
    require('@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v2/streams/streams_grpc_pb.js') as {
      StreamsServiceService: { appendSession: { path: string } };
    };
  assert.is(APPEND_SESSION_METHOD.path, StreamsServiceService.appendSession.path);
  const asked: string[] = [];
  const client = {
    capabilities: Promise.resolve({
      serverVersion: '24.10.0',
      supports: (method: { path: string }) => {
        asked.push(method.path);
        return false;
      },
    }),
  };
  assert.equal(await readServerFeatures(client), { serverVersion: '24.10.0', supportsAppendSession: false });
  assert.equal(asked, [StreamsServiceService.appendSession.path]);
  let failed: unknown = null;
  await readServerFeatures({}).catch((error: unknown) => (failed = error));
  assert.instance(failed, Error);
});

interface GrpcServer {
  addService(service: unknown, implementation: Record<string, unknown>): void;
  bindAsync(address: string, credentials: unknown, callback: (error: Error | null, port: number) => void): void;
  forceShutdown(): void;
}

/**
 * A gRPC server that only answers ServerFeatures.GetSupportedMethods, as a KurrentDB of the given version would: the
 * start-up check with the real client, without a KurrentDB.
 */
async function fakeServer(version: string, methods: [string, string][]): Promise<{ url: string; stop(): void }> {
  const fromClient = createRequire(require.resolve('@kurrent/kurrentdb-client'));
  const grpc = fromClient('@grpc/grpc-js') as {
    Server: new () => GrpcServer;
    ServerCredentials: { createInsecure(): unknown };
  };
  const generated = '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/';
  const { ServerFeaturesService } = require(`${generated}serverfeatures_grpc_pb.js`) as {
    ServerFeaturesService: unknown;
  };
  const pb = require(`${generated}serverfeatures_pb.js`) as {
    SupportedMethods: new () => {
      setEventStoreServerVersion(value: string): void;
      addMethods(value: unknown): void;
    };
    SupportedMethod: new () => { setServiceName(value: string): void; setMethodName(value: string): void };
  };
  const server = new grpc.Server();
  server.addService(ServerFeaturesService, {
    getSupportedMethods: (_call: unknown, callback: (error: Error | null, answer: unknown) => void) => {
      const answer = new pb.SupportedMethods();
      answer.setEventStoreServerVersion(version);
      for (const [service, method] of methods) {
        const supported = new pb.SupportedMethod();
        supported.setServiceName(service);
        supported.setMethodName(method);
        answer.addMethods(supported);
      }
      callback(null, answer);
    },
  });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return { url: `kurrentdb://127.0.0.1:${port}?tls=false`, stop: () => server.forceShutdown() };
}

test('open refuses a server older than 25.1 with the message, through the real client', async () => {
  const server = await fakeServer('24.10.4', [['event_store.client.streams.Streams', 'BatchAppend']]);
  try {
    const refused = await KurrentDbEventStore.open(server.url).then(
      (store) => store.close().then(() => null),
      (error: unknown) => error,
    );
    assert.instance(refused, KurrentDbVersionError);
    assert.match((refused as Error).message, 'KurrentDB 25.1 or later is required');
    assert.match((refused as Error).message, 'version 24.10.4');
  } finally {
    server.stop();
  }
});

test('open accepts a server that offers AppendSession', async () => {
  const server = await fakeServer('25.1.0.2371', [['kurrentdb.protocol.v2.streams.StreamsService', 'AppendSession']]);
  try {
    const store = await KurrentDbEventStore.open(server.url);
    assert.is(store.capabilities.multiStreamAppend, true);
    await store.close();
  } finally {
    server.stop();
  }
});

test('open says so when it cannot reach the server', async () => {
  const server = await fakeServer('25.1.0', []);
  const url = server.url;
  server.stop();
  const failed = await KurrentDbEventStore.open(url).catch((error: unknown) => error);
  assert.instance(failed, Error);
  assert.match((failed as Error).message, 'Could not ask the KurrentDB server at EVENTSTORE_URL');
});

/** The adapter over a stand-in for the client, for the paths that need no server. */
function storeOver(client: object): KurrentDbEventStore {
  const construct = KurrentDbEventStore as unknown as new (client: object) => KurrentDbEventStore;
  return new construct(client);
}

test('appendMany over several streams is one multiStreamAppend; its position is that of the last event', async () => {
  const calls: AppendStreamRequest[][] = [];
  const reads: [string, bigint][] = [];
  const store = storeOver({
    multiStreamAppend: async (requests: AppendStreamRequest[]) => {
      calls.push(requests);
      return {
        position: 500n,
        responses: [
          { streamName: 'booking-1', revision: 4n },
          { streamName: 'slot-2', revision: 1n },
        ],
      };
    },
    appendToStream: async () => assert.unreachable('no stream-by-stream append'),
    readStream: async function* (streamId: string, options: { fromRevision: bigint }) {
      reads.push([streamId, options.fromRevision]);
      yield { event: { position: { commit: 612n, prepare: 612n } } };
    },
  });
  const result = await store.appendMany(twoStreams());
  assert.is(calls.length, 1);
  assert.equal(
    calls[0]!.map((request) => request.streamName),
    ['booking-1', 'slot-2'],
  );
  assert.equal(result.revisions, { 'booking-1': 4, 'slot-2': 1 });
  assert.equal(reads, [['slot-2', 1n]]);
  assert.equal(result.position, { commit: 612n, prepare: 612n });
});

test('appendMany maps a conflict and an unsupported server; one stream keeps the v1 append', async () => {
  let failure: Error = WrongExpectedVersionError.fromRevisionConflict({
    stream: 'slot-2',
    expectedRevision: '-1',
    actualRevision: '2',
  });
  const v1: unknown[] = [];
  const store = storeOver({
    multiStreamAppend: async () => {
      throw failure;
    },
    // The streams hold other events after the expected revisions: a conflict, not a retry.
    readStream: async function* () {
      yield { event: { id: 'c0ffee00-0000-4000-8000-00000000000f' } };
    },
    appendToStream: async (streamId: string, _events: unknown[], options: { streamState: unknown }) => {
      v1.push([streamId, options.streamState]);
      return { success: true, nextExpectedRevision: 0n, position: { commit: 7n, prepare: 7n } };
    },
  });
  const conflict = await store.appendMany(twoStreams()).catch((error: unknown) => error);
  assert.instance(conflict, WrongExpectedRevisionError);
  assert.equal(
    [
      (conflict as WrongExpectedRevisionError).streamId,
      (conflict as WrongExpectedRevisionError).expected,
      (conflict as WrongExpectedRevisionError).actual,
    ],
    ['slot-2', 'no_stream', 2],
  );

  failure = new UnsupportedError('multiStreamAppend', '25.1');
  const unsupported = await store.appendMany(twoStreams()).catch((error: unknown) => error);
  assert.instance(unsupported, MultiStreamAppendUnsupportedError);
  assert.match((unsupported as Error).message, 'nothing was written');

  const single = await store.appendMany([twoStreams()[1]!]);
  assert.equal(v1, [['slot-2', NO_STREAM]]);
  assert.equal(single.revisions, { 'slot-2': 0 });
});

test('a conflicting multi-stream append whose events are already there is a retry, answered with success', async () => {
  const appends = twoStreams();
  const held: Record<string, string[]> = {
    'booking-1': appends[0]!.events.map((event) => event.eventId),
    'slot-2': appends[1]!.events.map((event) => event.eventId),
  };
  const store = storeOver({
    multiStreamAppend: async () => {
      throw WrongExpectedVersionError.fromRevisionConflict({
        stream: 'booking-1',
        expectedRevision: '3',
        actualRevision: '4',
      });
    },
    readStream: async function* (streamId: string, options: { fromRevision: bigint; maxCount: number }) {
      const ids = held[streamId]!;
      const first = streamId === 'booking-1' ? 4n : 0n;
      if (options.maxCount === 1 && options.fromRevision !== first) {
        // positionOf: the last event of the last stream.
        yield { event: { id: ids[ids.length - 1], position: { commit: 700n, prepare: 700n } } };
        return;
      }
      assert.is(options.fromRevision, first, `read ${streamId} right after its expected revision`);
      for (const id of ids.slice(0, options.maxCount)) yield { event: { id, position: { commit: 1n, prepare: 1n } } };
    },
  });
  const result = await store.appendMany(appends);
  assert.equal(result.revisions, { 'booking-1': 4, 'slot-2': 1 });
  assert.equal(result.position, { commit: 700n, prepare: 700n }, 'the position of the last event of the last stream');
});

test.run();
