import * as assert from 'uvu/assert';
import { DomainError, type Decider } from '../../domain/shared/decider';
import type { ErrorCode } from '../../domain/shared/error-codes';

/** Decider tests read given(events) -> when(command) -> then(events) or thenRefused(code). */
export function scenario<Command, Event, State>(decider: Decider<Command, Event, State>) {
  return {
    given(...history: Event[]) {
      const state = history.reduce(decider.evolve, decider.initialState);
      return {
        when(command: Command) {
          return {
            then(...expected: Event[]) {
              assert.equal(decider.decide(command, state), expected);
            },
            thenRefused(code: ErrorCode) {
              try {
                decider.decide(command, state);
              } catch (error) {
                assert.instance(error, DomainError);
                assert.is((error as DomainError).code, code);
                return;
              }
              assert.unreachable(`expected the refusal ${code}`);
            },
          };
        },
      };
    },
  };
}
