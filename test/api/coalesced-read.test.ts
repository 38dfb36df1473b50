import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { coalescedRead } from '../../api/coalesced-read';

const test = suite('api: a read shared by callers, never older than their call');

/** A read whose results are handed out by the test, in order: the n-th read gives n. */
function controlledRead() {
  const pending: (() => void)[] = [];
  let started = 0;
  const read = () => {
    const number = ++started;
    return new Promise<number>((resolve) => pending.push(() => resolve(number)));
  };
  const finishNext = async () => {
    pending.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { read, finishNext, started: () => started };
}

test('callers during a read share the one that starts after it, not the one running', async () => {
  const control = controlledRead();
  const shared = coalescedRead(control.read);
  const first = shared();
  const later = [shared(), shared(), shared()];
  assert.is(control.started(), 1, 'the later callers wait for the next read');
  await control.finishNext();
  assert.is(await first, 1);
  assert.is(control.started(), 2, 'one read for all three');
  await control.finishNext();
  assert.equal(await Promise.all(later), [2, 2, 2]);
});

test('with nothing running, a caller starts a read of its own at once', async () => {
  const control = controlledRead();
  const shared = coalescedRead(control.read);
  const one = shared();
  await control.finishNext();
  const two = shared();
  assert.is(control.started(), 2);
  await control.finishNext();
  assert.equal([await one, await two], [1, 2]);
});

test('a failed read fails its callers only; the next callers read again', async () => {
  let calls = 0;
  const shared = coalescedRead(async () => {
    calls++;
    if (calls === 1) throw new Error('database restarting');
    return calls;
  });
  try {
    await shared();
    assert.unreachable();
  } catch (error) {
    assert.is((error as Error).message, 'database restarting');
  }
  assert.is(await shared(), 2);
});

test.run();
