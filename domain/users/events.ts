import type { DomainEvent } from '../shared/decider';
import type { UserProfile } from './user';

export type UserCreated = DomainEvent<'UserCreated', { userId: number; profile: UserProfile; createdAt: string }>;
/** A bcrypt hash; never the password itself. */
export type UserPasswordSet = DomainEvent<'UserPasswordSet', { userId: number; passwordHash: string; setAt: string }>;

export type UserEvent = UserCreated | UserPasswordSet;
