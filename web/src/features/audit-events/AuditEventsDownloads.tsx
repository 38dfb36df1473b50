import { Button, ButtonGroup, Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/errorMessages';
import { saveCsv } from '../../shared/saveCsv';
import { useLazyGetAuditEventsFileQuery } from './auditEventsApi';
import type { AuditFilters } from './types';

/** Has the browser save `text` as a JSON lines file. */
function saveJsonLines(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-ndjson;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

const fileName = (extension: string) =>
  `audit-events-${new Date().toISOString().slice(0, 19).replace(/:/g, '-')}Z.${extension}`;

/** Download JSON lines / Download CSV: the whole filtered range (the API refuses over 100,000 events). */
export function AuditEventsDownloads({ filters }: { filters: AuditFilters }) {
  const { t } = useTranslation();
  const [fetchFile, file] = useLazyGetAuditEventsFileQuery();
  const download = async (format: 'csv' | 'jsonl') => {
    const answer = await fetchFile({ filters, format });
    if (answer.data === undefined) return; // the callout says why
    if (format === 'csv') saveCsv(fileName('csv'), answer.data);
    else saveJsonLines(fileName('jsonl'), answer.data);
  };
  const busy = file.isFetching ? file.originalArgs?.format : undefined;
  return (
    <div className="audit-downloads">
      <ButtonGroup>
        <Button
          icon="download"
          loading={busy === 'jsonl'}
          disabled={busy !== undefined}
          text={t('auditEvents.downloadJsonLines')}
          onClick={() => void download('jsonl')}
        />
        <Button
          icon="download"
          loading={busy === 'csv'}
          disabled={busy !== undefined}
          text={t('auditEvents.downloadCsv')}
          onClick={() => void download('csv')}
        />
      </ButtonGroup>
      {file.isError && !file.isFetching && (
        <Callout intent="danger" role="alert" className="audit-download-failed">
          {errorMessage(t, file.error)}
        </Callout>
      )}
    </div>
  );
}
