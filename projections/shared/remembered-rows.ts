import type { ProjectionMemory } from '../runner/projection';

/** A row as written (or read) at a version of it. */
export interface RememberedRow<T> {
  version: string;
  row: T;
}

/**
 * Rows a projector wrote (or read) last in this process, each with the version of its stored row (`xmin`), the least
 * recently used forgotten past `limit`. A row remembered at the version still stored can be taken from here; any
 * other version (a batch that rolled back, another process's write, a rebuild's swap) means reading it again.
 */
export class RememberedRows<T> {
  constructor(
    private readonly memory: ProjectionMemory,
    private readonly limit: number,
  ) {}

  get(key: string): RememberedRow<T> | undefined {
    return this.memory.get(key) as RememberedRow<T> | undefined;
  }

  keep(key: string, version: string, row: T): void {
    this.memory.delete(key);
    this.memory.set(key, { version, row });
    for (const oldest of this.memory.keys()) {
      if (this.memory.size <= this.limit) break;
      this.memory.delete(oldest);
    }
  }

  forget(key: string): void {
    this.memory.delete(key);
  }
}
