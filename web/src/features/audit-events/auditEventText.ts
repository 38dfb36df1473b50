import type { TFunction } from 'i18next';
import { formatTime, unitTimeZone } from '../../i18n/format';
import type { Language } from '../../i18n/languages';
import { shortDate } from '../../shared/dateText';
import { todayIn } from '../../../../domain/shared/plain-date';

/** When an event was recorded, on the unit's wall clock: "Tue, Nov 24, 2026 2:30 p.m." / "mar. 24 nov. 2026 14 h 30". */
export function recordedAtText(language: Language, iso: string): string {
  const instant = new Date(iso);
  return `${shortDate(language, todayIn(unitTimeZone, instant))} ${formatTime(language, instant)}`;
}

/** Who did it: a staff member (their id and role), a member of the public, or the system. */
export function actorText(t: TFunction, actor: unknown): string {
  if (typeof actor !== 'object' || actor === null) return t('auditEvents.actors.unknown');
  const fields = actor as Record<string, unknown>;
  if (typeof fields.userId === 'number') {
    const role = typeof fields.role === 'string' ? t(`roles.${fields.role}`, { defaultValue: fields.role }) : '';
    return t('auditEvents.actors.user', { id: fields.userId, role });
  }
  if (fields.public === true) return t('auditEvents.actors.public');
  if (typeof fields.system === 'string') return t('auditEvents.actors.system', { name: fields.system });
  return t('auditEvents.actors.unknown');
}
