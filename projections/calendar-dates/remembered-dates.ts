import type { ProjectionMemory } from '../runner/projection';
import type { DateRow } from './date-rows';

/** A date as written (or read) at a version of its row. */
export interface RememberedDate {
  version: string;
  row: DateRow;
}

/**
 * The dates the projector wrote last in this process, each with the row version its write left (`xmin`). During a
 * rush every batch changes the same few dozen busy dates: a date remembered at the version still stored is taken
 * from here, so that its lanes and holdings (kilobytes of JSON a date) are neither sent by the database nor parsed
 * again. Any other version (a batch that rolled back, another process's write, a rebuild's swap) reads the row.
 */
export class RememberedDates {
  /** Most recently used last; a busy booking window is a few hundred dates at most. */
  static readonly LIMIT = 300;

  constructor(private readonly memory: ProjectionMemory) {}

  /** The date as this process last wrote or read it, with that row's version. */
  get(key: string): RememberedDate | undefined {
    return this.memory.get(key) as RememberedDate | undefined;
  }

  keep(key: string, version: string, row: DateRow): void {
    this.memory.delete(key);
    this.memory.set(key, { version, row });
    for (const oldest of this.memory.keys()) {
      if (this.memory.size <= RememberedDates.LIMIT) break;
      this.memory.delete(oldest);
    }
  }

  forget(key: string): void {
    this.memory.delete(key);
  }
}
