import { HTMLTable } from '@blueprintjs/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { shortDate } from '../../shared/dateText';
import { entryAuthor } from './entryAuthor';
import type { AccessLogItem } from './types';

/** Appointments named in a row at most; the rest are counted. */
const RECORDS_SHOWN = 8;

type Language = ReturnType<typeof useAdminLanguage>;

/** The appointments an entry names, or the range a report or export covered. */
function recordsText(t: TFunction, language: Language, item: AccessLogItem): string {
  const { startDate, endDate } = item.details;
  if (item.records.length === 0 && typeof startDate === 'string' && typeof endDate === 'string')
    return t('accessLog.range', {
      startDate: shortDate(language, startDate),
      endDate: shortDate(language, endDate),
    });
  const named = item.records.slice(0, RECORDS_SHOWN).map((record) => t('accessLog.appointment', { id: record.id }));
  const more = item.records.length - named.length;
  return [...named, ...(more > 0 ? [t('accessLog.moreRecords', { count: more })] : [])].join(', ');
}

/** When, who, what, which records, from where: one row an entry, newest first. */
export function AccessLogTable({ items }: { items: readonly AccessLogItem[] }) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  return (
    <HTMLTable className="admin-table access-log-table" striped compact>
      <thead>
        <tr>
          <th scope="col">{t('accessLog.columns.when')}</th>
          <th scope="col">{t('accessLog.columns.who')}</th>
          <th scope="col">{t('accessLog.columns.action')}</th>
          <th scope="col">{t('accessLog.columns.records')}</th>
          <th scope="col">{t('accessLog.columns.address')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => {
          const author = entryAuthor(t, item);
          return (
            <tr key={item.position}>
              <td>{formatDateTime(language, new Date(item.at))}</td>
              <td>
                {author.name}
                {author.id === null ? null : (
                  <>
                    {' '}
                    <span className="access-log-user-id">{author.id}</span>
                  </>
                )}
              </td>
              <td>{t(`accessLog.actions.${item.action}`, { defaultValue: item.action })}</td>
              <td>{recordsText(t, language, item)}</td>
              <td>{item.clientAddress ?? ''}</td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}
