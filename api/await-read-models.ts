import type { AppendResult } from '../commands/event-store/port';
import type { AppDependencies } from './dependencies';

/**
 * Read-your-writes: a command endpoint calls this before answering, so that the screen reloading after a save
 * shows the save. The wait is bounded; past it the answer still goes out (the change is stored either way) and
 * the delay is logged.
 */
export async function awaitReadModels(dependencies: AppDependencies, append: AppendResult | null): Promise<void> {
  if (!append) return;
  const reached = await dependencies.waitForProjections(append.position);
  if (!reached) dependencies.logger.warn({ position: append.position.prepare.toString() }, 'read models are behind a command');
}
