import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { isAdmin, useCurrentUser } from '../../shared/currentUser';
import { RouterLink } from '../../shared/routing/RouterLinks';
import './messages.css';

/**
 * The day view's mark on an appointment with a failed reminder, notice or confirmation. Administrators follow it to
 * that appointment's messages (where they may retry); other staff see the mark alone.
 */
export function MessageFailedFlag({ appointmentId }: { appointmentId: number }) {
  const { t } = useTranslation();
  const viewer = useCurrentUser();
  const tag = (
    <Tag
      className="message-failed-flag"
      minimal
      intent="warning"
      icon="warning-sign"
      title={t('messages.failedFlagHint')}
    >
      {t('messages.failedFlag')}
    </Tag>
  );
  if (!isAdmin(viewer)) return tag;
  return <RouterLink to={`/admin/messages?appointment=${appointmentId}`}>{tag}</RouterLink>;
}
