import { positionOf, waitlistDecider } from '../../domain/waitlist/decider';
import { waitlistStream, type WaitlistEntry, type WaitlistTarget } from '../../domain/waitlist/waitlist';
import { handleCommand, type CommandContext, type CommandDependencies } from '../handle-command';
import { newUuid } from '../infrastructure/ids';

/** What a visitor asks to wait for; the caller has checked that the target is full and offered by the service. */
export type JoinRequest = Pick<WaitlistEntry, 'serviceId' | 'email' | 'language' | 'spots' | 'duration'>;

/** Puts the visitor at the end of the target's line; answers the new entry's id and its place (1 for the first). */
export async function joinWaitlist(
  dependencies: CommandDependencies,
  target: WaitlistTarget,
  request: JoinRequest,
  context: CommandContext,
) {
  const entryId = newUuid();
  const now = dependencies.now().toISOString();
  const outcome = await handleCommand(
    dependencies,
    waitlistDecider,
    waitlistStream(target),
    { type: 'JoinWaitlist', data: { target, now, entry: { ...request, entryId, joinedAt: now } } },
    context,
  );
  return { entryId, position: positionOf(outcome.state, entryId)!, ...outcome };
}
