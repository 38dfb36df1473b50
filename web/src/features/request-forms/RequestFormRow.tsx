import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { RouterAnchorButton, RouterLink } from '../../shared/routing/RouterLinks';
import { viewPath } from './handover';
import type { RequestFormListItem } from './types';

/** Open, or Done with a link to the calendar it became (or was for); the link only for those who may open it. */
export function RequestStatus({ request, linked }: { request: RequestFormListItem; linked: boolean }) {
  const { t } = useTranslation();
  const calendarId = request.fulfilledCalendarId;
  if (request.fulfilledAt === null) return <Tag minimal>{t('requestForms.open')}</Tag>;
  const name = request.calendarName ?? t('requestForms.calendarNumber', { id: calendarId });
  return (
    <span className="rf-status">
      <Tag intent="success" icon="tick">
        {t('requestForms.done')}
      </Tag>{' '}
      {linked && calendarId !== null ? (
        <RouterLink to={`/admin/calendars/${calendarId}/edit`}>{name}</RouterLink>
      ) : (
        name
      )}
    </span>
  );
}

/** One request of the list: its type (and calendar), who submitted it and when, its status, and View. */
export function RequestFormRow({ request, linked }: { request: RequestFormListItem; linked: boolean }) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const submittedOn = formatDateTime(language, new Date(request.createdAt));
  return (
    <tr>
      <th scope="row" data-label={t('requestForms.columns.type')}>
        {t(`requestForms.types.${request.requestType}`)}
        {request.calendarName && <div className="rf-row-calendar">{request.calendarName}</div>}
      </th>
      <td data-label={t('requestForms.columns.submittedBy')}>{request.createdBy.name}</td>
      <td data-label={t('requestForms.columns.submittedOn')}>{submittedOn}</td>
      <td data-label={t('requestForms.columns.status')}>
        <RequestStatus request={request} linked={linked} />
      </td>
      <td className="table-actions">
        <RouterAnchorButton
          to={viewPath(request.id)}
          icon="eye-open"
          size="small"
          variant="outlined"
          aria-label={t('requestForms.viewNamed', { name: request.createdBy.name, date: submittedOn })}
        >
          {t('requestForms.view')}
        </RouterAnchorButton>
      </td>
    </tr>
  );
}
