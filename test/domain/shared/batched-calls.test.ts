import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { batchedCalls, batchedCallsPer } from '../../../domain/shared/batched-calls';

const test = suite('domain: batched calls');

/** A batch runner that records each batch's keys and answers when told to. */
function gatedRunner() {
  const batches: number[][] = [];
  const gates: { finish: () => void; fail: (error: Error) => void }[] = [];
  const run = (keys: number[]) => {
    batches.push(keys);
    return new Promise<string[]>((resolve, reject) => {
      gates.push({ finish: () => resolve(keys.map((key) => `value ${key}`)), fail: reject });
    });
  };
  return { batches, gates, run };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

test('calls made in one turn leave as one batch, each answered its own value', async () => {
  const { batches, gates, run } = gatedRunner();
  const call = batchedCalls(run);
  const answers = Promise.all([call(1), call(2), call(3)]);
  await turn();
  gates[0]!.finish();
  assert.equal(await answers, ['value 1', 'value 2', 'value 3']);
  assert.equal(batches, [[1, 2, 3]]);
});

test('calls made while a batch is in flight wait for it, then leave together', async () => {
  const { batches, gates, run } = gatedRunner();
  const call = batchedCalls(run);
  const first = call(1);
  await turn();
  const later = Promise.all([call(2), call(3), call(2)]);
  await turn();
  assert.equal(batches, [[1]], 'nothing else left while the first batch was out');
  gates[0]!.finish();
  assert.is(await first, 'value 1');
  await turn();
  assert.equal(batches, [[1], [2, 3]], 'the same key sent once');
  gates[1]!.finish();
  assert.equal(await later, ['value 2', 'value 3', 'value 2']);
});

test('with two in flight, a call made while one batch is out leaves at once; a third batch waits', async () => {
  const { batches, gates, run } = gatedRunner();
  const call = batchedCalls(run, { inFlight: 2 });
  const first = call(1);
  await turn();
  const second = Promise.all([call(2), call(3)]);
  await turn();
  assert.equal(batches, [[1], [2, 3]], 'the second batch left while the first was out');
  const third = Promise.all([call(4), call(5)]);
  await turn();
  assert.equal(batches.length, 2, 'no third batch while two are out');
  gates[1]!.finish();
  assert.equal(await second, ['value 2', 'value 3'], 'answered before the first batch came back');
  await turn();
  assert.equal(batches, [[1], [2, 3], [4, 5]]);
  gates[0]!.finish();
  gates[2]!.finish();
  assert.is(await first, 'value 1');
  assert.equal(await third, ['value 4', 'value 5']);
});

test('per owner: the options apply to each owner', async () => {
  const { batches, gates, run } = gatedRunner();
  const call = batchedCallsPer((_owner: object, keys: number[]) => run(keys), { inFlight: 2 });
  const owner = {};
  const answers = Promise.all([call(owner, 1)]);
  await turn();
  const more = call(owner, 2);
  await turn();
  assert.equal(batches, [[1], [2]]);
  gates[0]!.finish();
  gates[1]!.finish();
  assert.equal(await answers, ['value 1']);
  assert.is(await more, 'value 2');
});

test('a batch holds at most maxBatch keys; the rest leave next', async () => {
  const { batches, gates, run } = gatedRunner();
  const call = batchedCalls(run, { maxBatch: 2 });
  const answers = Promise.all([1, 2, 3, 4, 5].map(call));
  await turn();
  gates[0]!.finish();
  await turn();
  gates[1]!.finish();
  await turn();
  gates[2]!.finish();
  assert.equal(
    await answers,
    [1, 2, 3, 4, 5].map((key) => `value ${key}`),
  );
  assert.equal(batches, [[1, 2], [3, 4], [5]]);
});

test('a failed batch fails its calls only; the next batch goes out', async () => {
  const { batches, gates, run } = gatedRunner();
  const call = batchedCalls(run);
  const failing = Promise.allSettled([call(1), call(2)]);
  await turn();
  const next = call(3);
  gates[0]!.fail(new Error('connection lost'));
  const settled = await failing;
  assert.equal(
    settled.map((result) => (result.status === 'rejected' ? (result.reason as Error).message : result.value)),
    ['connection lost', 'connection lost'],
  );
  await turn();
  gates[1]!.finish();
  assert.is(await next, 'value 3');
  assert.equal(batches, [[1, 2], [3]]);
});

test('an answer of the wrong length fails the batch instead of mismatching values', async () => {
  const call = batchedCalls(async (keys: number[]) => keys.slice(1).map(String));
  const settled = await Promise.allSettled([call(1), call(2)]);
  assert.ok(settled.every((result) => result.status === 'rejected'));
});

test('per owner: calls through one owner go out together, through another apart', async () => {
  const batches: [string, number[]][] = [];
  const call = batchedCallsPer(async (owner: { name: string }, keys: number[]) => {
    batches.push([owner.name, keys]);
    return keys.map((key) => `${owner.name} ${key}`);
  });
  const [a, b] = [{ name: 'a' }, { name: 'b' }];
  const answers = await Promise.all([call(a, 1), call(b, 2), call(a, 3)]);
  assert.equal(answers, ['a 1', 'b 2', 'a 3']);
  assert.equal(batches, [
    ['a', [1, 3]],
    ['b', [2]],
  ]);
});

test.run();
