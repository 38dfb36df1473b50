import type { DomainCommand } from '../shared/decider';
import type { UserProfile } from './user';

export type CreateUser = DomainCommand<'CreateUser', { userId: number; profile: UserProfile; passwordHash: string; now: string }>;

export type UserCommand = CreateUser;
