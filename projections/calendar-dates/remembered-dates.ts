import type { ProjectionMemory } from '../runner/projection';
import { RememberedRows, type RememberedRow } from '../shared/remembered-rows';
import type { DateRow } from './date-rows';

/** A date as written (or read) at a version of its row. */
export type RememberedDate = RememberedRow<DateRow>;

/**
 * The dates the projector wrote last in this process, each with the row version its write left (`xmin`). During a
 * rush every batch changes the same few dozen busy dates: a date remembered at the version still stored is taken
 * from here, so that its lanes and holdings (kilobytes of JSON a date) are neither sent by the database nor parsed
 * again.
 */
export class RememberedDates extends RememberedRows<DateRow> {
  /** A busy booking window is a few hundred dates at most. */
  static readonly LIMIT = 300;

  constructor(memory: ProjectionMemory) {
    super(memory, RememberedDates.LIMIT);
  }
}
