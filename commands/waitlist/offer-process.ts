import type { Knex } from 'knex';
import type { EventStore } from '../../domain/event-store/port';
import { errorForLog } from '../infrastructure/error-for-log';
import type { Logger } from '../infrastructure/logger';
import type { Mailer } from '../mail/port';
import { offerLeadership } from './offer-leader';
import type { WaitlistOfferLookups } from './offer-lookups';
import { offerMails } from './offer-mails';
import { runOfferRound, type OfferRoundOutcome } from './offer-round';

export interface WaitlistOfferOptions {
  store: EventStore;
  knex: Knex;
  lookups: WaitlistOfferLookups;
  /** For the advisory lock that keeps one process making offers. */
  databaseUrl: string;
  mailer: Mailer;
  now: () => Date;
  logger: Logger;
  timeZone: string;
  /** The address the public reaches the app at (the offers' links), without a trailing slash. */
  publicUrl: string;
  /** Time between rounds (default 5 s). */
  pollMs?: number;
}

export interface WaitlistOffers {
  /** One round now, after the one under way; null when another process makes the offers. Works after stop() too. */
  round(): Promise<OfferRoundOutcome | null>;
  /** Ends the rounds (and the lock); a round under way finishes first. */
  stop(): Promise<void>;
}

/**
 * The waitlist's offer process (issue 20 item 6): a round every few seconds in the one process that holds its lock.
 * Rounds in this process run one after the other.
 */
export function startWaitlistOffers(options: WaitlistOfferOptions): WaitlistOffers {
  const { pollMs = 5000 } = options;
  const logger = options.logger.child({ component: 'waitlist offers' });
  const leadership = offerLeadership(options.databaseUrl, logger);
  const dependencies = { ...options, logger, mails: offerMails(options.mailer, logger) };
  let running = true;
  let timer: NodeJS.Timeout | undefined;
  let rounds: Promise<unknown> = Promise.resolve();

  function round(): Promise<OfferRoundOutcome | null> {
    const next = rounds.then(async () => ((await leadership.lead()) ? runOfferRound(dependencies) : null));
    rounds = next.catch(() => undefined);
    return next;
  }

  function schedule(): void {
    if (!running) return;
    timer = setTimeout(() => {
      round()
        .catch((error: unknown) => logger.error({ err: errorForLog(error) }, 'waitlist offer round failed'))
        .finally(schedule);
    }, pollMs);
    timer.unref();
  }
  schedule();

  return {
    round,
    async stop() {
      running = false;
      clearTimeout(timer);
      await rounds;
      await leadership.stop();
    },
  };
}
