import { Button, HTMLTable } from '@blueprintjs/core';
import { ColumnHeads } from '../../shared/tables/ColumnHeads';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { clientNames } from './parts';
import type { Registration } from './types';

type Column = 'clients' | 'phone' | 'email' | 'spots' | 'registeredOn';
const columns: Column[] = ['clients', 'phone', 'email', 'spots', 'registeredOn'];

function PhoneNumbers({ registration }: { registration: Registration }) {
  const { t } = useTranslation();
  if (!registration.phone && !registration.phoneAlt) return <>{t('groupSessionSeries.registrations.none')}</>;
  return (
    <span className="gss-lines">
      {registration.phone && <span>{registration.phone}</span>}
      {registration.phoneAlt && (
        <span>{t('groupSessionSeries.registrations.alternate', { phone: registration.phoneAlt })}</span>
      )}
    </span>
  );
}

/**
 * §2.3 the registrations of a series: clients, phone numbers, email, spots and when they registered, each with
 * Unregister when `onUnregister` is given (administrators only).
 */
export function RegistrationsTable({
  registrations,
  onUnregister,
}: {
  registrations: Registration[];
  onUnregister?: (registration: Registration) => void;
}) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const label = (key: Column | 'actions') => t(`groupSessionSeries.registrations.columns.${key}`);
  return (
    <HTMLTable className="admin-table responsive-table gss-table gss-registrations">
      <ColumnHeads columns={columns} label={label} actions={onUnregister !== undefined} />
      <tbody>
        {registrations.map((registration) => {
          const names = clientNames(registration.clients);
          return (
            <tr key={registration.appointmentId}>
              <th scope="row" data-label={label('clients')}>
                <span className="gss-lines">
                  {registration.clients.map((client, index) => (
                    <span key={index}>{`${client.firstName} ${client.lastName}`.trim()}</span>
                  ))}
                </span>
              </th>
              <td data-label={label('phone')}>
                <PhoneNumbers registration={registration} />
              </td>
              <td data-label={label('email')} className="gss-email">
                {registration.email || t('groupSessionSeries.registrations.none')}
              </td>
              <td data-label={label('spots')}>{registration.spots}</td>
              <td data-label={label('registeredOn')}>
                {formatDateTime(language, new Date(registration.registeredOn))}
              </td>
              {onUnregister && (
                <td className="gss-row-actions">
                  <Button
                    icon="remove"
                    intent="danger"
                    size="small"
                    variant="outlined"
                    aria-label={t('groupSessionSeries.registrations.unregisterNamed', { names })}
                    onClick={() => onUnregister(registration)}
                  >
                    {t('groupSessionSeries.registrations.unregister')}
                  </Button>
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}
