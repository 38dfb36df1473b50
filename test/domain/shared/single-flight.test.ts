import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { singleFlight } from '../../../domain/shared/single-flight';

const test = suite('domain: single flight');

/** A piece of work that counts its starts and finishes when told to. */
function gatedWork<T>(answer: T) {
  const work = { starts: 0, finish: () => undefined as void, fail: (_error: Error) => undefined as void };
  const run = () => {
    work.starts += 1;
    return new Promise<T>((resolve, reject) => {
      work.finish = () => resolve(answer);
      work.fail = reject;
    });
  };
  return { work, run };
}

test('calls with the same key while one is in flight share its answer', async () => {
  const shared = singleFlight();
  const { work, run } = gatedWork({ id: 7 });
  const calls = [shared.run('7', run), shared.run('7', run), shared.run('7', run)];
  work.finish();
  const answers = await Promise.all(calls);
  assert.is(work.starts, 1);
  assert.ok(answers.every((answer) => answer === answers[0]));
});

test('a call after the answer came asks again; another key asks on its own', async () => {
  const shared = singleFlight();
  const seven = gatedWork('seven');
  const first = shared.run('7', seven.run);
  seven.work.finish();
  await first;
  const eight = gatedWork('eight');
  const other = shared.run('8', eight.run);
  const again = shared.run('7', seven.run);
  seven.work.finish();
  eight.work.finish();
  assert.equal(await Promise.all([again, other]), ['seven', 'eight']);
  assert.equal([seven.work.starts, eight.work.starts], [2, 1]);
});

test('a failure reaches every caller that shared it, and the next call tries again', async () => {
  const shared = singleFlight();
  const { work, run } = gatedWork('ok');
  const calls = [shared.run('k', run), shared.run('k', run)].map((call) => call.catch((error: Error) => error.message));
  work.fail(new Error('database away'));
  assert.equal(await Promise.all(calls), ['database away', 'database away']);
  const retry = shared.run('k', run);
  work.finish();
  assert.is(await retry, 'ok');
  assert.is(work.starts, 2);
});

test.run();
