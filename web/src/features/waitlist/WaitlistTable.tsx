import { Button, HTMLTable } from '@blueprintjs/core';
import { ColumnHeads } from '../../shared/tables/ColumnHeads';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';
import { useAdminLanguage } from '../../shared/adminLanguage';
import type { WaitlistEntry } from './types';
import { isRemovable, minutesOf } from './waitlistEntries';

type Column = 'position' | 'email' | 'language' | 'spots' | 'length' | 'status' | 'joined' | 'heldUntil';

/**
 * The staff's waitlist: place in line, e-mail, language, spots (a course) or length (a date), status, when they
 * joined and until when an offer holds their place; Remove on those still in line when `onRemove` is given.
 */
export function WaitlistTable({
  entries,
  kind,
  onRemove,
}: {
  entries: WaitlistEntry[];
  kind: 'series' | 'date';
  onRemove?: ((entry: WaitlistEntry) => void) | undefined;
}) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const columns: Column[] = ['position', 'email', 'language', kind === 'series' ? 'spots' : 'length'];
  columns.push('status', 'joined', 'heldUntil');
  const label = (key: Column | 'actions') => t(`waitlist.staff.columns.${key}`);
  const none = t('waitlist.staff.none');
  const cells = (entry: WaitlistEntry): Record<Column, string> => ({
    position: entry.position === null ? none : String(entry.position),
    email: entry.email,
    language: t(`waitlist.staff.languages.${entry.language}`),
    spots: String(entry.spots),
    length: entry.duration === null ? none : t('waitlist.staff.minutes', { minutes: minutesOf(entry.duration) }),
    status: t(`waitlist.staff.status.${entry.status}`),
    joined: formatDateTime(language, new Date(entry.joinedAt)),
    heldUntil: entry.offerExpiresAt === null ? none : formatDateTime(language, new Date(entry.offerExpiresAt)),
  });
  return (
    <HTMLTable className="admin-table responsive-table waitlist-table">
      <ColumnHeads columns={columns} label={label} actions={onRemove !== undefined} />
      <tbody>
        {entries.map((entry) => {
          const values = cells(entry);
          return (
            <tr key={entry.entryId}>
              {columns.map((key) => (
                <td key={key} data-label={label(key)} className={key === 'email' ? 'waitlist-email' : undefined}>
                  {values[key]}
                </td>
              ))}
              {onRemove && (
                <td>
                  {isRemovable(entry) && (
                    <Button
                      icon="remove"
                      intent="danger"
                      size="small"
                      variant="outlined"
                      aria-label={t('waitlist.staff.removeNamed', { email: entry.email })}
                      onClick={() => onRemove(entry)}
                    >
                      {t('waitlist.staff.remove')}
                    </Button>
                  )}
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}
