/**
 * Top self-time functions of a V8 .cpuprofile (as `node --cpu-prof` writes it):
 * `node --import tsx test/bench/http/profile-summary.ts FILE.cpuprofile [TOP]`. Also sums self time by package/folder.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export function summariseProfile(file: string, top = 25): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMicros = new Map<number, number>();
  profile.samples.forEach((id, index) =>
    selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)),
  );
  const total = [...selfMicros.values()].reduce((sum, value) => sum + value, 0);
  const cwd = `file://${process.cwd()}/`;
  const where = (url: string) => url.replace(cwd, '').replace(/^node:/, 'node:');
  const byFunction = new Map<string, number>();
  const byArea = new Map<string, number>();
  for (const [id, micros] of selfMicros) {
    const { functionName, url, lineNumber } = byNode.get(id)!.callFrame;
    const key = url ? `${functionName || '(anonymous)'}  ${where(url)}:${lineNumber + 1}` : functionName;
    byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
    const path = where(url);
    const area = !url
      ? functionName
      : path.startsWith('node_modules/')
        ? path
            .split('/')
            .slice(0, path.startsWith('node_modules/@') ? 3 : 2)
            .join('/')
        : path.startsWith('node:')
          ? 'node: (core)'
          : path.split('/').slice(0, 2).join('/');
    byArea.set(area, (byArea.get(area) ?? 0) + micros);
  }
  const lines = (map: Map<string, number>, count: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(
        ([name, micros]) =>
          `${((100 * micros) / total).toFixed(1).padStart(5)}%  ${(micros / 1000).toFixed(0).padStart(7)} ms  ${name}`,
      );
  return [
    `${(total / 1e6).toFixed(1)} s sampled`,
    '',
    'self time by function:',
    ...lines(byFunction, top),
    '',
    'self time by package or folder:',
    ...lines(byArea, 15),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, top] = process.argv.slice(2);
  if (!file) throw new Error('usage: profile-summary.ts FILE.cpuprofile [TOP]');
  console.log(summariseProfile(file, top ? Number(top) : 25));
}
