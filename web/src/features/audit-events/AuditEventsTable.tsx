import { HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { AuditEventRow } from './AuditEventRow';
import type { AuditEvent } from './types';

/** The page's events, newest first. */
export function AuditEventsTable({ items }: { items: readonly AuditEvent[] }) {
  const { t } = useTranslation();
  return (
    <HTMLTable className="admin-table audit-events-table" striped compact>
      <thead>
        <tr>
          <th scope="col">{t('auditEvents.columns.position')}</th>
          <th scope="col">{t('auditEvents.columns.recordedAt')}</th>
          <th scope="col">{t('auditEvents.columns.stream')}</th>
          <th scope="col">{t('auditEvents.columns.type')}</th>
          <th scope="col">{t('auditEvents.columns.actor')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((event) => (
          <AuditEventRow key={event.position} event={event} />
        ))}
      </tbody>
    </HTMLTable>
  );
}
