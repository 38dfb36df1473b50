import { HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { FailureCallout } from '../../shared/forms/FailureCallout';
import { useGetAuditRecordDiffQuery } from './auditRecordsApi';
import type { Comparison } from './auditRecordsParams';
import type { RecordKind } from './types';

const valueText = (value: unknown) => (value === null ? '—' : JSON.stringify(value));

/** What changed from one version to another: each place as a JSON pointer, with its value before and after. */
export function RecordDiffTable({ kind, id, comparison }: { kind: RecordKind; id: string; comparison: Comparison }) {
  const { t } = useTranslation();
  const diff = useGetAuditRecordDiffQuery({ kind, id, ...comparison });
  const title = t('auditRecords.diff.title', { from: comparison.from, to: comparison.to });
  return (
    <section className="audit-record-diff" aria-label={title}>
      <h2 className="audit-record-heading">{title}</h2>
      {diff.isFetching ? (
        <Spinner size={24} />
      ) : diff.error ? (
        <FailureCallout failure={diff.error} />
      ) : (diff.data?.changes ?? []).length === 0 ? (
        <NonIdealState icon="tick" title={t('auditRecords.diff.none')} />
      ) : (
        <HTMLTable compact striped className="audit-record-changes">
          <thead>
            <tr>
              <th scope="col">{t('auditRecords.diff.path')}</th>
              <th scope="col">{t('auditRecords.diff.before')}</th>
              <th scope="col">{t('auditRecords.diff.after')}</th>
            </tr>
          </thead>
          <tbody>
            {diff.data!.changes.map((change) => (
              <tr key={change.path} className={`audit-change-${change.op}`}>
                <td>
                  <code>{change.path || '/'}</code>
                </td>
                <td>
                  <code>{valueText(change.before)}</code>
                </td>
                <td>
                  <code>{valueText(change.after)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </section>
  );
}
