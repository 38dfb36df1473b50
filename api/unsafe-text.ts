import { DomainError } from '../domain/shared/decider';
import { findUnsafeText, type UnsafeTextReason } from '../domain/shared/unsafe-text';

const messages: Record<UnsafeTextReason, string> = {
  control: 'contains a control character',
  'unpaired-surrogate': 'contains a broken character (an unpaired surrogate)',
  'bidi-override': 'contains a text-direction override',
  'invisible-only': 'contains only invisible characters',
};

/**
 * Refuses a request whose input holds text no field may store (domain/shared/unsafe-text): a 400 UNSAFE_TEXT naming
 * every such field, before any work is done, so a refused booking costs nothing (no id, no confirmation code).
 */
export function refuseUnsafeText(...inputs: unknown[]): void {
  const found = inputs.flatMap((input) => findUnsafeText(input));
  if (found.length === 0) return;
  const issues = found.map(({ path, reason }) => ({ path, message: messages[reason], code: 'UNSAFE_TEXT' }));
  const first = issues[0]!;
  throw new DomainError('UNSAFE_TEXT', `${first.path.join('.') || 'request'}: ${first.message}`, { issues });
}
