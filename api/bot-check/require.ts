import { verifyBotCheck } from '../../commands/bot-check/verify';
import { DomainError } from '../../domain/shared/decider';
import type { AppDependencies } from '../dependencies';

/**
 * Refuses the request unless `payload` is a fresh, unused solution of this server's bot-check challenge: a 400
 * BOT_CHECK_FAILED naming the field `botCheck`. Does nothing when BOT_CHECK=off. Call it before any other work.
 */
export async function requireBotCheck(dependencies: AppDependencies, payload: string | undefined): Promise<void> {
  if (!dependencies.config.botCheck) return;
  const outcome = await verifyBotCheck(dependencies, payload);
  if (outcome.passed) return;
  dependencies.logger.info({ reason: outcome.reason }, 'bot check refused');
  throw new DomainError('BOT_CHECK_FAILED', 'The bot check failed. Please try again.', {
    field: 'botCheck',
    reason: outcome.reason,
  });
}
