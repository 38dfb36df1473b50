import bcrypt from 'bcryptjs';
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** Work for the password threads: bcryptjs computes on the thread that calls it, so it runs here, off the event loop. */
export type PasswordTask =
  { kind: 'hash'; password: string; cost: number } | { kind: 'verify'; password: string; hash: string };

export default function runPasswordTask(task: PasswordTask): string | boolean {
  return task.kind === 'hash'
    ? bcrypt.hashSync(task.password, task.cost)
    : bcrypt.compareSync(task.password, task.hash);
}

/**
 * On Linux a thread has its own niceness: this one yields the CPU to the event loop and the database whenever they
 * need it, so that password work waits rather than the requests. Elsewhere the thread keeps the normal priority.
 */
function yieldToRequests(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, 10);
  } catch {
    // no /proc/thread-self, or not allowed
  }
}
yieldToRequests();
