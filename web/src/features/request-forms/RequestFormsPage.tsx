import { Button, H1, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { REQUEST_TYPES } from '../../../../domain/request-forms/request-form';
import { isAdmin, useCurrentUser } from '../../shared/currentUser';
import { SelectField } from '../../shared/fields/SelectField';
import { RouterAnchorButton } from '../../shared/routing/RouterLinks';
import { useQueryParams } from '../../shared/routing/useQueryParams';
import { ListState } from '../../shared/states/ListState';
import { RequestFormRow } from './RequestFormRow';
import { useGetRequestFormsInfiniteQuery } from './requestFormsApi';
import type { RequestTypeFilter } from './types';
import '../../shared/forms/referenceForms.css';
import './requestForms.css';

/**
 * §2.3 /admin/request-forms: the requests (a Basic User's own, every one for administrators), newest first, 25 at a
 * time with Load More (§9); a filter by type (kept in the address); View per row; Create New Request.
 */
export function RequestFormsPage() {
  const { t } = useTranslation();
  const linked = isAdmin(useCurrentUser());
  const { params, update } = useQueryParams();
  const type: RequestTypeFilter = REQUEST_TYPES.find((candidate) => candidate === params.get('type'));
  const query = useGetRequestFormsInfiniteQuery(type);
  // The pages of the filter chosen now (not those of the one before while its first page loads).
  const pages = query.currentData?.pages ?? [];
  const listQuery = { ...query, isLoading: query.isLoading || (query.isFetching && !query.currentData) };
  const requests = pages.flatMap((page) => page.items);
  const total = pages.at(-1)?.total ?? 0;

  return (
    <>
      <div className="page-heading">
        <H1 className="page-title">{t('menu.requestForms')}</H1>
        <RouterAnchorButton to="/admin/request-forms/new" intent="primary" icon="add">
          {t('requestForms.create')}
        </RouterAnchorButton>
      </div>
      <SelectField
        className="rf-filter"
        label={t('requestForms.filterType')}
        value={type ?? ''}
        choices={REQUEST_TYPES.map((value) => ({ value, label: t(`requestForms.types.${value}`) }))}
        placeholder={t('requestForms.types.all')}
        onValueChange={(value) => update({ type: value === '' ? undefined : value })}
      />
      <ListState
        query={listQuery}
        isEmpty={requests.length === 0}
        emptyIcon="form"
        emptyTitle={t('requestForms.empty')}
      >
        <HTMLTable className="admin-table responsive-table">
          <thead>
            <tr>
              <th scope="col">{t('requestForms.columns.type')}</th>
              <th scope="col">{t('requestForms.columns.submittedBy')}</th>
              <th scope="col">{t('requestForms.columns.submittedOn')}</th>
              <th scope="col">{t('requestForms.columns.status')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('requestForms.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {requests.map((request) => (
              <RequestFormRow key={request.id} request={request} linked={linked} />
            ))}
          </tbody>
        </HTMLTable>
        <div className="rf-load-more">
          <span aria-live="polite">{t('requestForms.shown', { shown: requests.length, total })}</span>
          {query.hasNextPage && (
            <Button icon="more" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {t('requestForms.loadMore')}
            </Button>
          )}
        </div>
      </ListState>
    </>
  );
}
