import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Projection } from '../../projections/runner/projection';
import { rebuildEach } from '../../projections/runner/rebuild-all';

const test = suite('projections: rebuilding several read models');

const projection = (name: string): Projection =>
  ({ name, tables: [], eventTypes: [], apply: async () => undefined }) as Projection;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('rebuilds every projection, never more at once than asked, in the order given', async () => {
  const names = ['a', 'b', 'c', 'd', 'e'];
  let running = 0;
  let most = 0;
  const started: string[] = [];
  const results = await rebuildEach(
    names.map(projection),
    async ({ name }) => {
      started.push(name);
      running += 1;
      most = Math.max(most, running);
      await pause(name === 'a' ? 30 : 5);
      running -= 1;
      return name.toUpperCase();
    },
    2,
  );
  assert.is(most, 2);
  assert.equal(started, names);
  assert.equal(
    names.map((name) => results.get(name)),
    ['A', 'B', 'C', 'D', 'E'],
  );
});

test('a failed rebuild is thrown', async () => {
  try {
    await rebuildEach([projection('a'), projection('b')], async ({ name }) => {
      if (name === 'b') throw new Error('b failed');
      return name;
    });
    assert.unreachable('b failed');
  } catch (error) {
    assert.is((error as Error).message, 'b failed');
  }
});

test.run();
