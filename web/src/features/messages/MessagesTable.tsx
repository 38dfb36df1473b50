import { HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { MessageRow } from './MessageRow';
import type { ListedMessage } from './types';

const COLUMNS = ['when', 'kind', 'channel', 'status', 'recipient', 'appointment', 'error', 'actions'] as const;

interface Props {
  items: readonly ListedMessage[];
  withDate: boolean;
  retryingId: number | undefined;
  onRetry: (message: ListedMessage) => void;
}

/** The messages shown, in the order they were sent or are due. */
export function MessagesTable({ items, withDate, retryingId, onRetry }: Props) {
  const { t } = useTranslation();
  return (
    <HTMLTable className="admin-table messages-table" striped compact>
      <thead>
        <tr>
          {COLUMNS.map((column) => (
            <th key={column} scope="col">
              {t(`messages.columns.${column}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {items.map((message) => (
          <MessageRow
            // a confirmation's id is of another queue: the kind keeps the keys apart
            key={`${message.kind === 'confirmation' ? 'c' : 'm'}${message.id}`}
            message={message}
            withDate={withDate}
            retrying={retryingId === message.id && message.kind !== 'confirmation'}
            onRetry={onRetry}
          />
        ))}
      </tbody>
    </HTMLTable>
  );
}
