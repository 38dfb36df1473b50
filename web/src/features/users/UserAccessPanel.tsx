import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { User } from './types';

/**
 * The Calendar Access tab of a user who does not see every calendar. For now it says how many calendars the
 * user can access; the calendars themselves grant and revoke access (§4.4), and the list arrives with them.
 */
export function UserAccessPanel({ user }: { user: User | undefined }) {
  const { t } = useTranslation();
  const count = user?.calendarIds.length ?? 0;
  return (
    <div className="user-access">
      <p className="user-access-count">{t('users.calendarCount', { count })}</p>
      <Callout intent="none" icon="info-sign">
        {t('users.calendarAccessNote')}
      </Callout>
    </div>
  );
}
