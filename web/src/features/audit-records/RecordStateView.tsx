import { Callout, NonIdealState, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';
import { useAdminLanguage } from '../../shared/adminLanguage';
import type { RecordAtMoment } from './types';

/** The record as it was at the moment asked for: which version, whether it still stood, and its state as JSON. */
export function RecordStateView({ record }: { record: RecordAtMoment }) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const moment = formatDateTime(language, new Date(record.at));
  return (
    <section className="audit-record-state" aria-labelledby="audit-record-state-title">
      <h2 id="audit-record-state-title" className="audit-record-heading">
        {t('auditRecords.state.title', { moment })}
      </h2>
      <p className="audit-record-summary">
        <span>
          {record.version === 0
            ? t('auditRecords.state.noVersion', { count: record.versions })
            : t('auditRecords.state.version', { version: record.version, count: record.versions })}
        </span>
        {record.eventType && (
          <Tag minimal className="audit-record-event">
            {record.eventType}
          </Tag>
        )}
        {record.deleted && (
          <Tag intent="danger" className="audit-record-deleted">
            {t('auditRecords.state.deleted')}
          </Tag>
        )}
      </p>
      {record.state === null ? (
        <NonIdealState icon="time" title={t('auditRecords.state.notYet')} />
      ) : (
        <>
          {record.deleted && (
            <Callout intent="warning" className="audit-record-deleted-note">
              {t('auditRecords.state.deletedNote')}
            </Callout>
          )}
          <pre className="audit-record-json" aria-label={t('auditRecords.state.json')} tabIndex={0}>
            {JSON.stringify(record.state, null, 2)}
          </pre>
        </>
      )}
    </section>
  );
}
