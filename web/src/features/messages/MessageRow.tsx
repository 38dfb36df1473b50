import { Button, Classes, Tag, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatTime } from '../../i18n/format';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { shortDate } from '../../shared/dateText';
import { RouterLink } from '../../shared/routing/RouterLinks';
import type { ListedMessage, MessageStatus } from './types';

const HINT = `${Classes.TEXT_MUTED} messages-hint`;

const statusIntents: Record<MessageStatus, Intent> = {
  pending: 'primary',
  sending: 'primary',
  sent: 'success',
  failed: 'danger',
  skipped: 'warning',
  cancelled: 'none',
};

interface Props {
  message: ListedMessage;
  /** One appointment's messages span days: each time then shows its date. */
  withDate: boolean;
  retrying: boolean;
  onRetry: (message: ListedMessage) => void;
}

/** One message: when, what, how, its state, to whom (masked), about which appointment, why it failed. */
export function MessageRow({ message, withDate, retrying, onRetry }: Props) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const at = new Date(message.sentAt ?? message.dueAt);
  const when = withDate ? formatDateTime(language, at) : formatTime(language, at);
  const dayView =
    message.date && `/admin/booking?${new URLSearchParams({ id: String(message.calendarId), date: message.date })}`;
  return (
    <tr data-message={message.id} data-kind={message.kind} data-status={message.status}>
      <td>{t(message.sentAt ? 'messages.sentAt' : 'messages.dueAt', { time: when })}</td>
      <td>
        {t(`messages.kinds.${message.kind}`)}
        {message.kind === 'reminder' && message.offsetDays !== null && (
          <div className={HINT}>{t('messages.daysBefore', { count: message.offsetDays })}</div>
        )}
      </td>
      <td>{t(`messages.channels.${message.channel}`)}</td>
      <td>
        <Tag minimal intent={statusIntents[message.status]}>
          {t(`messages.statuses.${message.status}`)}
        </Tag>
      </td>
      <td className="messages-recipient">
        {message.recipient ?? <span className={HINT}>{t('messages.cleared')}</span>}
      </td>
      <td>
        <div>{t('messages.appointmentNumber', { id: message.appointmentId })}</div>
        {dayView ? (
          <RouterLink to={dayView}>
            {t('messages.appointmentPlace', {
              date: shortDate(language, message.date!),
              time: message.startTime ? formatTime(language, message.startTime) : '',
              calendar: message.calendarName ?? '',
            })}
          </RouterLink>
        ) : (
          <span className={HINT}>{message.calendarName}</span>
        )}
      </td>
      <td className="messages-error">{message.lastError ?? ''}</td>
      <td>
        {message.retryable && (
          <Button
            size="small"
            icon="refresh"
            intent="primary"
            loading={retrying}
            text={t('messages.retry')}
            onClick={() => onRetry(message)}
          />
        )}
      </td>
    </tr>
  );
}
