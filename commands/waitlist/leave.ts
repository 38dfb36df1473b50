import { waitlistDecider } from '../../domain/waitlist/decider';
import { waitlistStream, type WaitlistTarget } from '../../domain/waitlist/waitlist';
import { handleCommand, type CommandContext, type CommandDependencies } from '../handle-command';

/** Takes an entry waiting or offered out of its line (WAITLIST_ENTRY_NOT_FOUND for any other). */
export function leaveWaitlist(
  dependencies: CommandDependencies,
  target: WaitlistTarget,
  entryId: string,
  context: CommandContext,
) {
  return handleCommand(
    dependencies,
    waitlistDecider,
    waitlistStream(target),
    { type: 'LeaveWaitlist', data: { target, now: dependencies.now().toISOString(), entryId } },
    context,
  );
}
