/**
 * The benchmark's server processes: built and run as `npm start` builds and runs the server (api/build-server.ts;
 * plain Node with the server's flags), optionally under --cpu-prof; their RSS, their stop. A process
 * is ready at the first line of its standard output that `ready` accepts (by default: a JSON line {url, pid, …});
 * its other lines go to the benchmark's standard error.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { buildServer, SERVER_NODE_FLAGS } from '../../../api/build-server';

export interface ServerProcess {
  url: string;
  pid: number;
  ready: Record<string, unknown>;
  /** Resident set size now, in MB (Linux /proc): of the process, or of its largest child (an API worker) if larger. */
  rssMb(): number;
  stop(): Promise<void>;
}

const here = path.dirname(new URL(import.meta.url).pathname);
const builds = new Map<string, Promise<string>>();

/** `script` built once a run, into a folder of its own (instances start together: no build rewrites a running one). */
function built(script: string): Promise<string> {
  let file = builds.get(script);
  if (!file) {
    const name = path.basename(script, '.ts');
    const folder = path.resolve('.data/bench-build', name);
    file = buildServer([path.join(here, script)], folder).then(() => path.join(folder, `${name}.js`));
    builds.set(script, file);
  }
  return file;
}

export interface StartOptions {
  cpuProfileDir?: string;
  /** The child's environment (default: the benchmark's). */
  env?: NodeJS.ProcessEnv;
  /** The ready announcement read from a line ({url, …}), or undefined for a line that is not it. */
  ready?: (line: string) => Record<string, unknown> | undefined;
}

const jsonLine = (line: string) => JSON.parse(line) as Record<string, unknown>;

/** Builds `script` (a path from this folder), starts it and waits until it says it is ready. */
export async function startProcess(
  script: string,
  args: string[],
  { cpuProfileDir, env, ready: readyOf = jsonLine }: StartOptions = {},
): Promise<ServerProcess> {
  const nodeArgs = [
    ...SERVER_NODE_FLAGS,
    // More flags for the app only, to try a setting or load a probe: BENCH_APP_NODE_FLAGS='--max-semi-space-size=32'.
    ...(script === 'app-process.ts' ? (process.env.BENCH_APP_NODE_FLAGS?.split(' ').filter(Boolean) ?? []) : []),
    ...(cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : []),
    await built(script),
    ...args,
  ];
  const child: ChildProcess = spawn(process.execPath, nodeArgs, {
    stdio: ['ignore', 'pipe', 'inherit'],
    ...(env ? { env } : {}),
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<Record<string, unknown>>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    let announced = false;
    // Read to the end: a child whose output nobody reads blocks once the pipe is full.
    lines.on('line', (line) => {
      if (!announced) {
        try {
          const found = readyOf(line);
          if (found) {
            announced = true;
            resolve(found);
            return;
          }
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
          return;
        }
      }
      process.stderr.write(`[${path.basename(script)} ${child.pid}] ${line}\n`);
    });
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before it was ready`)));
  }).catch(async (error: unknown) => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    throw error;
  });
  return {
    url: String(ready.url),
    pid: child.pid!,
    ready,
    rssMb() {
      return Math.max(...[child.pid!, ...childrenOf(child.pid!)].map(rssOf));
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Samples a process's RSS every 200 ms while `work` runs; answers the work's result and the peak. */
export async function withPeakRss<T>(
  server: Pick<ServerProcess, 'rssMb'>,
  work: () => Promise<T>,
): Promise<{ result: T; peakRssMb: number }> {
  let peak = server.rssMb();
  const timer = setInterval(() => (peak = Math.max(peak, server.rssMb())), 200);
  try {
    return { result: await work(), peakRssMb: Math.max(peak, server.rssMb()) };
  } finally {
    clearInterval(timer);
  }
}

function rssOf(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0; // gone meanwhile
  }
}

function childrenOf(pid: number): number[] {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return children ? children.split(/\s+/).map(Number) : [];
  } catch {
    return [];
  }
}
