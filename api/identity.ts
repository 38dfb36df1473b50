import type { IdentityDependencies } from '../commands/auth/dependencies';
import type { AppDependencies } from './dependencies';

export const identityDependencies = (dependencies: AppDependencies): IdentityDependencies => ({
  store: dependencies.store,
  now: dependencies.now,
  knex: dependencies.knex,
  lookups: dependencies.lookups,
  mailer: dependencies.mailer,
  secret: dependencies.authSecret,
  twoFactor: dependencies.config.twoFactor,
  sessions: { idleMs: dependencies.config.sessionIdleMs, absoluteMs: dependencies.config.sessionAbsoluteMs },
  publicUrl: dependencies.publicUrl,
});
