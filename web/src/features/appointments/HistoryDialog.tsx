import { Button, Dialog, DialogBody, DialogFooter, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { FailureCallout } from '../../shared/forms/FailureCallout';
import { formatDate, formatDateTime, formatTime } from '../../i18n/format';
import type { Language } from '../../i18n/languages';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { auditorRoles, hasAnyRole, useCurrentUser } from '../../shared/currentUser';
import { RouterLink } from '../../shared/routing/RouterLinks';
import { useGetAppointmentHistoryQuery } from './appointmentsApi';
import { messageText } from './historyMessage';
import type { HistoryEntry } from './types';

type Place = NonNullable<HistoryEntry['from']>;

function placeText(t: TFunction, language: Language, place: Place): string {
  if (place.date === null) return '—';
  const date = formatDate(language, place.date);
  return place.startTime === null
    ? date
    : t('appointments.history.at', { date, time: formatTime(language, place.startTime) });
}

/** A changed field (`phone`, `clientData.room`) by its label in the form, when the form has one. */
function fieldText(t: TFunction, name: string): string {
  const field = name.startsWith('clientData.') ? name.slice('clientData.'.length) : name;
  const key = `appointments.form.fields.${field}`;
  const text = t(key as 'appointments.form.fields.email');
  return text === key ? name : text;
}

/** Who made the change: a staff member by name, or the public or the system (a message to the client) in words. */
function actorText(t: TFunction, updatedBy: string): string {
  if (updatedBy === 'Public') return t('appointments.history.public');
  if (updatedBy === 'System') return t('appointments.history.system');
  return updatedBy;
}

/** Issue 18: the auditors' record of the appointment as that entry left it (/admin/audit/records). */
const auditAddress = (appointmentId: number, at: string) =>
  `/admin/audit/records?${new URLSearchParams({ kind: 'appointment', id: String(appointmentId), at })}`;

function HistoryTable({ appointmentId, items }: { appointmentId: number; items: HistoryEntry[] }) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const auditor = hasAnyRole(useCurrentUser(), auditorRoles);
  if (items.length === 0) return <NonIdealState icon="history" title={t('appointments.history.none')} />;
  return (
    <HTMLTable compact striped className="appt-history">
      <caption className="visually-hidden">{t('appointments.history.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('appointments.history.when')}</th>
          <th scope="col">{t('appointments.history.who')}</th>
          <th scope="col">{t('appointments.history.action')}</th>
          <th scope="col">{t('appointments.history.changes')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item, index) => (
          <tr key={index}>
            <td>
              {formatDateTime(language, new Date(item.updatedAt))}
              {auditor && (
                <div>
                  <RouterLink to={auditAddress(appointmentId, item.updatedAt)}>
                    {t('appointments.history.viewInAudit')}
                  </RouterLink>
                </div>
              )}
            </td>
            <td>{actorText(t, item.updatedBy)}</td>
            <td>{t(`appointments.history.actions.${item.action}`, { defaultValue: item.action })}</td>
            <td>
              {item.changes.map((name) => fieldText(t, name)).join(', ')}
              {item.message && messageText(t, item.message)}
              {item.from && item.to && (
                <div className="appt-history-move">
                  {t('appointments.history.fromTo', {
                    from: placeText(t, language, item.from),
                    to: placeText(t, language, item.to),
                  })}
                </div>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/** §2.3 the history modal (administrators): every change of the appointment from its events, oldest first. */
export function HistoryDialog({ appointmentId, onClose }: { appointmentId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const history = useGetAppointmentHistoryQuery(appointmentId ?? skipToken, { refetchOnMountOrArgChange: true });
  return (
    <Dialog
      isOpen={appointmentId !== null}
      title={t('appointments.history.title')}
      icon="history"
      onClose={onClose}
      className="appt-history-dialog"
    >
      <DialogBody>
        {history.isFetching ? (
          <Spinner size={24} />
        ) : history.error ? (
          <FailureCallout failure={history.error} />
        ) : (
          <HistoryTable appointmentId={appointmentId ?? 0} items={history.data ?? []} />
        )}
      </DialogBody>
      <DialogFooter actions={<Button onClick={onClose}>{t('appointments.history.close')}</Button>} />
    </Dialog>
  );
}
