import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

/**
 * Features inject their endpoints into the one RTK Query api; two with the same name do not both exist (the first
 * one injected wins, silently in a production build), so one feature would call the other's address. Every
 * endpoint name must be unique across web/src/features.
 */
const test = suite('web: RTK Query endpoint names are unique across features');

function apiFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return apiFiles(full);
    return /Api\.ts$/.test(entry.name) ? [full] : [];
  });
}

test('no two injected endpoints share a name', () => {
  const owners = new Map<string, string[]>();
  for (const file of apiFiles('web/src/features')) {
    for (const match of readFileSync(file, 'utf8').matchAll(/^\s+(\w+): build\.(?:query|mutation)/gm)) {
      owners.set(match[1]!, [...(owners.get(match[1]!) ?? []), path.relative('web/src/features', file)]);
    }
  }
  assert.ok(owners.size > 20, `found the endpoints (${owners.size})`);
  const clashes = [...owners]
    .filter(([, files]) => files.length > 1)
    .map(([name, files]) => `${name}: ${files.join(', ')}`);
  assert.equal(clashes, []);
});

test.run();
