import type { Knex } from 'knex';
import type { CommandDependencies } from '../handle-command';
import type { Mailer } from '../mail/port';
import type { ReadModelLookups } from '../read-model-lookups';
import type { SessionPolicy } from './sessions';

export interface IdentityDependencies extends CommandDependencies {
  knex: Knex;
  lookups: Pick<ReadModelLookups, 'userByEmail' | 'userIdByResetDigest'>;
  mailer: Mailer;
  /** Key of the code digests (AUTH_SECRET). */
  secret: string;
  twoFactor: 'email' | 'off';
  sessions: SessionPolicy;
  /** Address of the web app, for links in e-mails. */
  publicUrl: string;
}
