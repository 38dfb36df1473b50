import type { TFunction } from 'i18next';
import type { RecordVersion } from './types';

/** Who made a version: the staff member's name, the public, or the system (a sign-in, a seed). */
export function actorText(t: TFunction, { actor, actorName }: Pick<RecordVersion, 'actor' | 'actorName'>): string {
  if (actorName) return actorName;
  if (actor.userId !== undefined) return t('auditRecords.versions.user', { id: actor.userId });
  if (actor.public) return t('auditRecords.versions.public');
  return t('auditRecords.versions.system', { name: actor.system ?? '' });
}
