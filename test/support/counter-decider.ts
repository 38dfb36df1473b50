import { DomainError, type Decider, type DomainCommand, type DomainEvent } from '../../domain/shared/decider';

/**
 * A decider for tests of command handling: a counter that refuses to go above a limit (SLOT_UNAVAILABLE: no room
 * left), and decides nothing for an increment of 0. Enough to see decisions made on stale and fresh state.
 */
export type Increment = DomainCommand<'Increment', { by: number; limit: number }>;
export type Incremented = DomainEvent<'Incremented', { by: number; total: number }>;

export const counter: Decider<Increment, Incremented, { total: number }> = {
  initialState: { total: 0 },
  evolve: (state, event) => ({ total: state.total + event.data.by }),
  decide: (command, state) => {
    if (command.data.by === 0) return [];
    const total = state.total + command.data.by;
    if (total > command.data.limit) throw new DomainError('SLOT_UNAVAILABLE');
    return [{ type: 'Incremented', data: { by: command.data.by, total } }];
  },
};

export const increment = (by: number, limit = 100): Increment => ({ type: 'Increment', data: { by, limit } });
