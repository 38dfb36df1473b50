import { DomainError, assertNever, type Decider } from '../shared/decider';
import type { UserCommand } from './commands';
import type { UserEvent } from './events';
import type { UserProfile } from './user';

export type UserState =
  | { status: 'absent' }
  | { status: 'active'; userId: number; profile: UserProfile; passwordHash: string | null };

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: { status: 'absent' },

  decide(command, state) {
    switch (command.type) {
      case 'CreateUser': {
        if (state.status !== 'absent') throw new DomainError('USER_ALREADY_EXISTS', 'This user already exists.');
        if (command.data.profile.roles.length === 0) throw new DomainError('VALIDATION_FAILED', 'A user needs at least one role.', { field: 'roles' });
        const { userId, profile, passwordHash, now } = command.data;
        return [
          { type: 'UserCreated', data: { userId, profile, createdAt: now } },
          { type: 'UserPasswordSet', data: { userId, passwordHash, setAt: now } },
        ];
      }
      default:
        return assertNever(command.type);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'UserCreated':
        return { status: 'active', userId: event.data.userId, profile: event.data.profile, passwordHash: null };
      case 'UserPasswordSet':
        return state.status === 'active' ? { ...state, passwordHash: event.data.passwordHash } : state;
      default:
        return assertNever(event);
    }
  },
};
