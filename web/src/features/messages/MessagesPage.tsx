import { Button, H1 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/errorMessages';
import { ListState } from '../../shared/states/ListState';
import { showSuccess } from '../../shared/toaster';
import { useToday } from '../../shared/useToday';
import { showFailure } from './failureToast';
import { useGetMessagesQuery, useRetryMessageMutation } from './messagesApi';
import { useMessagesParams } from './messagesParams';
import { MessagesFilters } from './MessagesFilters';
import { MessagesTable } from './MessagesTable';
import type { ListedMessage } from './types';
import './messages.css';

/**
 * Issue 19 item 4, /admin/messages (administrators): the reminders, notices and confirmations of a day (sent that
 * day, or due that day) or, with ?appointment=N, of one appointment; their state, masked recipient and error; Retry
 * on a failed reminder or notice.
 */
export function MessagesPage() {
  const { t } = useTranslation();
  const today = useToday();
  const { request, setDate, setStatus, setPage, showDay } = useMessagesParams(today);
  const query = useGetMessagesQuery(request, { refetchOnMountOrArgChange: true });
  const [retry, retrying] = useRetryMessageMutation();
  const items = query.currentData?.items ?? [];
  const pages = query.currentData?.pages ?? 0;
  const byAppointment = request.appointmentId !== undefined;

  async function retryMessage(message: ListedMessage) {
    const answer = await retry(message.id);
    if (answer.error) showFailure(errorMessage(t, answer.error));
    else showSuccess(t('messages.retried'));
  }

  return (
    <>
      <div className="page-heading">
        <H1 className="page-title">{t('messages.title')}</H1>
        <Button icon="refresh" loading={query.isFetching} onClick={() => void query.refetch()}>
          {t('messages.refresh')}
        </Button>
      </div>
      <p className="messages-intro">{t('messages.intro')}</p>
      <MessagesFilters request={request} onDate={setDate} onStatus={setStatus} onShowDay={showDay} />
      <ListState
        query={{ ...query, isLoading: query.isLoading || (query.isFetching && !query.currentData) }}
        isEmpty={items.length === 0}
        emptyIcon="envelope"
        emptyTitle={t(byAppointment ? 'messages.emptyAppointment' : 'messages.emptyDay')}
      >
        <MessagesTable
          items={items}
          withDate={byAppointment}
          retryingId={retrying.isLoading ? retrying.originalArgs : undefined}
          onRetry={(message) => void retryMessage(message)}
        />
      </ListState>
      {pages > 1 && (
        <nav className="messages-paging" aria-label={t('messages.pages')}>
          <Button
            icon="chevron-left"
            disabled={request.page <= 1}
            text={t('messages.previous')}
            onClick={() => setPage(request.page - 1)}
          />
          <span>{t('messages.pageOf', { page: request.page, pages })}</span>
          <Button
            endIcon="chevron-right"
            disabled={request.page >= pages}
            text={t('messages.next')}
            onClick={() => setPage(request.page + 1)}
          />
        </nav>
      )}
    </>
  );
}
