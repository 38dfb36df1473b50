import type { Knex } from 'knex';
import type { EventStore, LogPosition } from '../domain/event-store/port';
import type { Config } from '../commands/infrastructure/config';
import type { Mailer } from '../commands/mail/port';
import type { Logger } from '../commands/infrastructure/logger';
import type { ReadModelLookups } from '../commands/read-model-lookups';
import type { AccessLog } from '../commands/access-log/recorder';
import type { ProjectorLag } from '../projections/runner/lag';

/** What the API is given; tests pass a fixed clock and real stores. */
export interface AppDependencies {
  config: Config;
  knex: Knex;
  store: EventStore;
  now: () => Date;
  logger: Logger;
  /** Resolves once the named read models have applied the log up to `position` (bounded wait). */
  waitForProjections(position: LogPosition, readModels: readonly string[]): Promise<boolean>;
  /** How far each read model's projector is behind the head of the log (readiness and metrics). */
  projectorLag(): Promise<ProjectorLag[]>;
  mailer: Mailer;
  /** What command handlers look up in the read models (api/read-model-lookups.ts). */
  lookups: ReadModelLookups;
  /** Records staff reads of personal health information (api/access-log/record.ts). */
  accessLog: AccessLog;
  /** Key of the sign-in and reset code digests. */
  authSecret: string;
  /** Address of the web app as users reach it, for links in e-mails. */
  publicUrl: string;
  /** Folder of the built SPA, when it is served from this process. */
  webRoot?: string;
}
