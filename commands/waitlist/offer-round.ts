import { DomainError } from '../../domain/shared/decider';
import { entryOf, firstWaiting, waitlistDecider } from '../../domain/waitlist/decider';
import { waitlistStream, type WaitlistOffer, type WaitlistTarget } from '../../domain/waitlist/waitlist';
import { releaseLock } from '../booking/lock';
import { handleCommand, type CommandContext } from '../handle-command';
import { errorForLog } from '../infrastructure/error-for-log';
import { newUuid } from '../infrastructure/ids';
import type { Logger } from '../infrastructure/logger';
import { loadState } from '../stream-state-cache';
import { holdPlaceFor, type OfferHoldDependencies } from './offer-hold';
import type { OfferService, OfferToSettle } from './offer-lookups';
import { composeOfferEmail } from './offer-mail';
import type { OfferMails } from './offer-mails';

export type OfferRoundDependencies = OfferHoldDependencies & {
  mails: OfferMails;
  logger: Logger;
  /** The address the public reaches the app at (the offer's link), without a trailing slash. */
  publicUrl: string;
};

/** What one round did. */
export interface OfferRoundOutcome {
  taken: number;
  lapsed: number;
  offered: number;
}

/** The most offers one line gets in a round: a date freed whole (a lane switched on) is offered over a few rounds. */
const OFFERS_PER_LINE = 20;

const systemContext = (): CommandContext => ({ actor: { system: 'waitlist offers' }, correlationId: newUuid() });

/**
 * One round of the waitlist's offers (issue 20 item 6): offers whose hold a booking used are taken; offers that ended
 * lapse and their hold is released; then each line whose first entry waits gets offers while there is room, first in
 * first out, each e-mailed to its person. Every step is decided on its stream, so a round repeated (or run by a
 * second process by mistake) records nothing twice.
 */
export async function runOfferRound(dependencies: OfferRoundDependencies): Promise<OfferRoundOutcome> {
  const { lookups } = dependencies;
  await dependencies.mails.retry(dependencies.now());
  let taken = 0;
  let lapsed = 0;
  for (const offer of await lookups.offersToSettle(dependencies.now())) {
    if (offer.takenByAppointmentId !== null)
      taken += Number(await take(dependencies, offer, offer.takenByAppointmentId));
    else lapsed += Number(await lapse(dependencies, offer));
  }
  let offered = 0;
  const services = new Map<number, Promise<OfferService | undefined>>();
  const serviceOf = (serviceId: number) => {
    if (!services.has(serviceId)) services.set(serviceId, lookups.publicService(serviceId));
    return services.get(serviceId)!;
  };
  for (const target of await lookups.linesWithWaiting()) {
    try {
      offered += await offerOnLine(dependencies, target, serviceOf);
    } catch (error) {
      dependencies.logger.error({ stream: waitlistStream(target), err: errorForLog(error) }, 'waitlist offers failed');
    }
  }
  return { taken, lapsed, offered };
}

/** Records an offer booked under its hold. True when it was recorded now. */
async function take(
  dependencies: OfferRoundDependencies,
  { target, entryId, holdToken }: OfferToSettle,
  appointmentId: number,
): Promise<boolean> {
  const now = dependencies.now().toISOString();
  return refusalLogged(dependencies, { target, entryId }, async () => {
    const outcome = await handleCommand(
      dependencies,
      waitlistDecider,
      waitlistStream(target),
      { type: 'TakeWaitlistOffer', data: { target, now, holdToken, appointmentId } },
      systemContext(),
    );
    return outcome.events.length > 0;
  });
}

/** Records an offer that ran out unbooked, then releases its hold. True when it was recorded now. */
async function lapse(dependencies: OfferRoundDependencies, { target, entryId, holdToken }: OfferToSettle) {
  const now = dependencies.now().toISOString();
  const context = systemContext();
  return refusalLogged(dependencies, { target, entryId }, async () => {
    const outcome = await handleCommand(
      dependencies,
      waitlistDecider,
      waitlistStream(target),
      { type: 'LapseWaitlistOffer', data: { target, now, entryId } },
      context,
    );
    // Released also when the lapse was recorded already (a round repeated before the read model caught up).
    if (entryOf(outcome.state, entryId)?.status === 'lapsed') await releaseLock(dependencies, holdToken, context);
    return outcome.events.length > 0;
  });
}

async function refusalLogged(
  dependencies: OfferRoundDependencies,
  { target, entryId }: { target: WaitlistTarget; entryId: string },
  decide: () => Promise<boolean>,
): Promise<boolean> {
  try {
    return await decide();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    dependencies.logger.warn(
      { stream: waitlistStream(target), entryId, code: error.code },
      'waitlist offer not settled',
    );
    return false;
  }
}

/** Offers places to a line's first waiting entries while there is room; answers how many offers were made. */
async function offerOnLine(
  dependencies: OfferRoundDependencies,
  target: WaitlistTarget,
  serviceOf: (serviceId: number) => Promise<OfferService | undefined>,
): Promise<number> {
  const stream = waitlistStream(target);
  let made = 0;
  while (made < OFFERS_PER_LINE) {
    const entry = firstWaiting((await loadState(dependencies.store, waitlistDecider, stream)).state);
    const service = entry && (await serviceOf(entry.serviceId));
    if (!entry || !service) return made;
    const context = systemContext();
    const held = await holdPlaceFor(dependencies, target, entry, service, context);
    if (!held) return made;
    const now = dependencies.now().toISOString();
    const { token: holdToken, ...place } = held;
    const offer: WaitlistOffer = { entryId: entry.entryId, holdToken, ...place, madeAt: now };
    try {
      await handleCommand(
        dependencies,
        waitlistDecider,
        stream,
        { type: 'MakeWaitlistOffer', data: { target, now, offer } },
        context,
      );
    } catch (error) {
      await releaseLock(dependencies, held.token, context);
      if (!(error instanceof DomainError)) throw error;
      dependencies.logger.info({ stream, entryId: entry.entryId, code: error.code }, 'waitlist offer refused');
      return made;
    }
    made++;
    const logContext = { stream, entryId: entry.entryId };
    try {
      const message = await composeOfferEmail(
        dependencies.lookups,
        { target, entry, offer, service },
        { publicUrl: dependencies.publicUrl, timeZone: dependencies.timeZone },
      );
      await dependencies.mails.send(offer.holdToken, message, new Date(offer.expiresAt), logContext);
    } catch (error) {
      dependencies.logger.error({ ...logContext, err: errorForLog(error) }, 'waitlist offer e-mail not composed');
    }
  }
  return made;
}
