import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { actorText, recordedAtText } from './auditEventText';
import type { AuditEvent } from './types';

/** One event: position, when, stream, type and actor; a click shows its data and metadata as JSON. */
export function AuditEventRow({ event }: { event: AuditEvent }) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const [open, setOpen] = useState(false);
  const detailsId = `audit-event-${event.position}`;
  return (
    <>
      <tr className={open ? 'audit-event-open' : undefined}>
        <td>
          <Button
            variant="minimal"
            size="small"
            icon={open ? 'chevron-down' : 'chevron-right'}
            aria-expanded={open}
            aria-controls={detailsId}
            aria-label={t(open ? 'auditEvents.hide' : 'auditEvents.show', { position: event.position })}
            onClick={() => setOpen(!open)}
          />
          {event.position}
        </td>
        <td>{recordedAtText(language, event.recordedAt)}</td>
        <td className="audit-stream">
          {event.streamId} <span className="audit-revision">#{event.revision}</span>
        </td>
        <td>{event.type}</td>
        <td>{actorText(t, event.metadata.actor)}</td>
      </tr>
      {open && (
        <tr id={detailsId} className="audit-event-details">
          <td colSpan={5}>
            <div className="audit-json">
              <section aria-label={t('auditEvents.data')}>
                <h3>{t('auditEvents.data')}</h3>
                <pre>{JSON.stringify(event.data, null, 2)}</pre>
              </section>
              <section aria-label={t('auditEvents.metadata')}>
                <h3>{t('auditEvents.metadata')}</h3>
                <pre>
                  {JSON.stringify(
                    { ...event.metadata, recordedAt: event.recordedAt, schemaVersion: event.schemaVersion },
                    null,
                    2,
                  )}
                </pre>
              </section>
            </div>
          </td>
        </tr>
      )}
    </>
  );
}
