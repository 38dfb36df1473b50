import { Button, H1 } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListState } from '../../shared/states/ListState';
import { useGetAccessLogQuery } from './accessLogApi';
import { useAccessLogParams } from './accessLogParams';
import { AccessLogFiltersForm } from './AccessLogFiltersForm';
import { AccessLogTable } from './AccessLogTable';
import { ChainStatus } from './ChainStatus';
import './accessLog.css';

/**
 * Issue 18 item 4, /admin/audit/access (Auditors and System Administrators): who was shown which appointments,
 * when and from where; "who looked at this record?" by appointment id, "what did this user look at?" by user id;
 * and whether the log's hash chain is unbroken. The filters and page live in the address.
 */
export function AccessLogPage() {
  const { t } = useTranslation();
  const { request, filter, page } = useAccessLogParams();
  const query = useGetAccessLogQuery(request, { refetchOnMountOrArgChange: true });
  // The pages walked to reach this one (positions), so that Newer goes back one.
  const [newer, setNewer] = useState<string[]>([]);
  const items = query.currentData?.items ?? [];
  const nextBefore = query.currentData?.nextBefore ?? null;
  const { before, ...filters } = request;

  return (
    <>
      <div className="page-heading">
        <H1 className="page-title">{t('accessLog.title')}</H1>
      </div>
      <p className="access-log-intro">{t('accessLog.intro')}</p>
      <ChainStatus />
      <AccessLogFiltersForm
        key={JSON.stringify(filters)}
        initial={filters}
        onSubmit={(chosen) => {
          setNewer([]);
          filter(chosen);
        }}
      />
      <ListState
        query={{ ...query, isLoading: query.isLoading || (query.isFetching && !query.currentData) }}
        isEmpty={items.length === 0}
        emptyIcon="eye-open"
        emptyTitle={t('accessLog.empty')}
      >
        <AccessLogTable items={items} />
      </ListState>
      <nav className="access-log-paging" aria-label={t('accessLog.title')}>
        {before !== '' && (
          <>
            <Button
              icon="chevron-left"
              text={t('accessLog.newer')}
              onClick={() => {
                page(newer.at(-1) || undefined);
                setNewer(newer.slice(0, -1));
              }}
            />
            <Button
              text={t('accessLog.newest')}
              onClick={() => {
                setNewer([]);
                page(undefined);
              }}
            />
          </>
        )}
        {nextBefore && (
          <Button
            endIcon="chevron-right"
            text={t('accessLog.older')}
            onClick={() => {
              setNewer([...newer, before]);
              page(nextBefore);
            }}
          />
        )}
      </nav>
    </>
  );
}
