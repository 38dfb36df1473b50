import { Button, H1 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ListState } from '../../shared/states/ListState';
import { useGetAuditEventsQuery } from './auditEventsApi';
import { useAuditEventsRequest } from './auditEventsParams';
import { AuditEventsDownloads } from './AuditEventsDownloads';
import { AuditEventsFilters } from './AuditEventsFilters';
import { AuditEventsTable } from './AuditEventsTable';
import type { AuditFilters } from './types';
import './auditEvents.css';

/**
 * Issue 18, /admin/audit/events (Auditors and System Administrators): the global event log, newest first, filtered
 * by stream category and id, type, actor and time; each event's data and metadata; Newer and Older pages; the
 * filtered range as JSON lines or CSV. The filters and the page live in the address.
 */
export function AuditEventsPage() {
  const { t } = useTranslation();
  const { request, applyFilters, goTo } = useAuditEventsRequest();
  const query = useGetAuditEventsQuery(request, { refetchOnMountOrArgChange: true });
  const page = query.currentData;
  const { after: _after, before: _before, ...filters } = request;
  const filtersKey = JSON.stringify(filters);
  return (
    <>
      <div className="page-heading">
        <H1 className="page-title">{t('auditEvents.title')}</H1>
      </div>
      <p className="audit-intro">{t('auditEvents.intro')}</p>
      {/* Back or a link changes the address: the form shows its filters */}
      <AuditEventsFilters key={filtersKey} filters={filters} onApply={(next: AuditFilters) => applyFilters(next)} />
      <div className="audit-toolbar">
        <nav className="audit-paging" aria-label={t('auditEvents.paging')}>
          <Button
            icon="arrow-left"
            text={t('auditEvents.newer')}
            disabled={page?.newer == null}
            onClick={() => page?.newer != null && goTo({ after: page.newer })}
          />
          <Button
            rightIcon="arrow-right"
            text={t('auditEvents.older')}
            disabled={page?.older == null}
            onClick={() => page?.older != null && goTo({ before: page.older })}
          />
        </nav>
        <AuditEventsDownloads filters={filters} />
      </div>
      <ListState
        query={{ ...query, isLoading: query.isLoading || (query.isFetching && !page) }}
        isEmpty={(page?.items.length ?? 0) === 0}
        emptyIcon="history"
        emptyTitle={t('auditEvents.empty')}
      >
        <AuditEventsTable items={page?.items ?? []} />
      </ListState>
    </>
  );
}
