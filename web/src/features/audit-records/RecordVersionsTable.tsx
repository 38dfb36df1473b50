import { Button, HTMLTable, Radio } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { actorText } from './actorText';
import type { Comparison } from './auditRecordsParams';
import type { RecordVersion } from './types';

interface Props {
  items: RecordVersion[];
  /** The version shown above. */
  shown: number;
  comparison: Comparison | null;
  onCompare: (comparison: Comparison) => void;
  /** Shows the record at this version's moment. */
  onShow: (at: string) => void;
}

/** A record's versions, one per event, oldest first: when, what, who; two of them picked to compare. */
export function RecordVersionsTable({ items, shown, comparison, onCompare, onShow }: Props) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  return (
    <HTMLTable compact striped className="audit-record-versions">
      <caption className="visually-hidden">{t('auditRecords.versions.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('auditRecords.versions.version')}</th>
          <th scope="col">{t('auditRecords.versions.when')}</th>
          <th scope="col">{t('auditRecords.versions.event')}</th>
          <th scope="col">{t('auditRecords.versions.who')}</th>
          <th scope="col">{t('auditRecords.versions.from')}</th>
          <th scope="col">{t('auditRecords.versions.to')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('auditRecords.versions.show')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.version} className={item.version === shown ? 'audit-record-shown' : undefined}>
            <td>{item.version}</td>
            <td title={item.occurredAt}>{formatDateTime(language, new Date(item.occurredAt))}</td>
            <td>{item.eventType}</td>
            <td>{actorText(t, item)}</td>
            <td>
              <Radio
                name="audit-compare-from"
                aria-label={t('auditRecords.versions.fromVersion', { version: item.version })}
                checked={comparison?.from === item.version}
                onChange={() => onCompare({ from: item.version, to: comparison?.to ?? item.version })}
              />
            </td>
            <td>
              <Radio
                name="audit-compare-to"
                aria-label={t('auditRecords.versions.toVersion', { version: item.version })}
                checked={comparison?.to === item.version}
                onChange={() => onCompare({ from: comparison?.from ?? item.version, to: item.version })}
              />
            </td>
            <td>
              <Button
                size="small"
                variant="minimal"
                icon="eye-open"
                aria-current={item.version === shown ? 'true' : undefined}
                aria-label={t('auditRecords.versions.showVersion', { version: item.version })}
                text={t('auditRecords.versions.show')}
                onClick={() => onShow(item.occurredAt)}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
