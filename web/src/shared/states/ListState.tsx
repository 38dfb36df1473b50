import { Button, Callout, NonIdealState, type NonIdealStateProps } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, type ApiError } from '../errorMessages';
import { PageSpinner } from './PageSpinner';

/** What a list screen needs to know about its query (an RTK Query result fits). */
export interface ListQuery {
  isLoading: boolean;
  isFetching: boolean;
  error?: ApiError;
  refetch: () => unknown;
}

/**
 * The states of an admin list: a spinner while loading, the error with Try Again, the empty state, else the list
 * itself (the children).
 */
export function ListState({
  query,
  isEmpty,
  emptyIcon,
  emptyTitle,
  children,
}: {
  query: ListQuery;
  isEmpty: boolean;
  emptyIcon: NonIdealStateProps['icon'];
  emptyTitle: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isLoading) return <PageSpinner />;
  if (query.error) {
    return (
      <Callout intent="danger" role="alert">
        <p>{errorMessage(t, query.error)}</p>
        <Button icon="refresh" loading={query.isFetching} onClick={() => void query.refetch()}>
          {t('admin.tryAgain')}
        </Button>
      </Callout>
    );
  }
  if (isEmpty) return <NonIdealState className="page-state" icon={emptyIcon} title={emptyTitle} />;
  return <>{children}</>;
}
