import type { TFunction } from 'i18next';
import type { AccessLogItem } from './types';

/** Issue 20: a client's own lookups and changes online are recorded as user 0 with the role PUBLIC. */
export const PUBLIC_USER_ID = 0;

export const isClientEntry = (item: Pick<AccessLogItem, 'userId' | 'roles'>): boolean =>
  item.userId === PUBLIC_USER_ID || item.roles.includes('PUBLIC');

/** Who an entry's author was: a staff member by name and id, or the client online (no account, so no id). */
export function entryAuthor(
  t: TFunction,
  item: Pick<AccessLogItem, 'userId' | 'userName' | 'roles'>,
): { name: string; id: string | null } {
  if (isClientEntry(item)) return { name: t('accessLog.publicClient'), id: null };
  return { name: item.userName ?? t('accessLog.unknownUser', { id: item.userId }), id: `#${item.userId}` };
}
