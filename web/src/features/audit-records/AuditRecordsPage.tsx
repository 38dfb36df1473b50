import { H1 } from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { ListState } from '../../shared/states/ListState';
import { useGetAuditRecordQuery, useGetAuditRecordVersionsQuery } from './auditRecordsApi';
import { useAuditRecordParams, type Comparison } from './auditRecordsParams';
import { RecordDiffTable } from './RecordDiffTable';
import { RecordForm } from './RecordForm';
import { RecordStateView } from './RecordStateView';
import { RecordVersionsTable } from './RecordVersionsTable';
import type { RecordAtMoment } from './types';
import './auditRecords.css';

/** The versions compared when the address names none: the one shown and the one before it. */
function defaultComparison(record: RecordAtMoment): Comparison | null {
  if (record.versions < 2) return null;
  const to = Math.max(2, record.version);
  return { from: to - 1, to };
}

/**
 * Issue 18, /admin/audit/records (Auditors, System Administrators): a record (appointment, calendar date, calendar,
 * user, service, series) as it was at a moment, its versions, and the difference between two of them. What is
 * asked lives in the address (kind, id, at; from and to), so links, such as an appointment History's, work.
 */
export function AuditRecordsPage() {
  const { t } = useTranslation();
  const { request, comparison, show, showAt, compare } = useAuditRecordParams();
  const record = useGetAuditRecordQuery(request ?? skipToken);
  const versions = useGetAuditRecordVersionsQuery(request ? { kind: request.kind, id: request.id } : skipToken);
  const shown = record.currentData;
  const compared = comparison ?? (shown ? defaultComparison(shown) : null);

  return (
    <>
      <div className="page-heading">
        <H1 className="page-title">{t('auditRecords.title')}</H1>
      </div>
      <p className="audit-record-intro">{t('auditRecords.intro')}</p>
      <RecordForm
        key={request ? `${request.kind}/${request.id}/${request.at ?? ''}` : ''}
        initial={request}
        onSubmit={show}
      />
      {request && (
        <ListState
          query={{ ...record, isLoading: record.isLoading || (record.isFetching && !shown) }}
          isEmpty={false}
          emptyIcon="search-template"
          emptyTitle=""
        >
          {shown && (
            <div className="audit-record-results">
              <RecordStateView record={shown} />
              <section className="audit-record-history" aria-labelledby="audit-record-versions-title">
                <h2 id="audit-record-versions-title" className="audit-record-heading">
                  {t('auditRecords.versions.title')}
                </h2>
                <ListState query={versions} isEmpty={false} emptyIcon="history" emptyTitle="">
                  <RecordVersionsTable
                    items={versions.currentData?.items ?? []}
                    shown={shown.version}
                    comparison={compared}
                    onCompare={compare}
                    onShow={showAt}
                  />
                </ListState>
              </section>
              {compared && <RecordDiffTable kind={request.kind} id={request.id} comparison={compared} />}
            </div>
          )}
        </ListState>
      )}
    </>
  );
}
