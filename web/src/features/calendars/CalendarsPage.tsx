import { H1, HTMLTable, Tag } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterAnchorButton } from '../../app/RouterLinks';
import { useAdminLanguage } from '../admin-shell/adminLanguage';
import { ListState } from '../admin-shell/ListState';
import { isAdmin, useCurrentUser } from '../auth/currentUser';
import { useGetCalendarsQuery } from './calendarsApi';
import type { Calendar } from './types';
import './calendars.css';

/** Yes or No; green only where Yes is the good news (an enabled calendar). */
function YesNo({ value, good = false }: { value: boolean; good?: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={good && value ? 'success' : 'none'}>
      {value ? t('calendars.yes') : t('calendars.no')}
    </Tag>
  );
}

/** One calendar; its row actions are an administrator's (§2.3). */
function CalendarRow({ calendar, canManage }: { calendar: Calendar; canManage: boolean }) {
  const { t } = useTranslation();
  return (
    <tr>
      <th scope="row" data-label={t('calendars.columns.name')}>
        {calendar.name}
      </th>
      <td data-label={t('calendars.columns.enabled')}>
        <YesNo value={calendar.enabled} good />
      </td>
      <td data-label={t('calendars.columns.groupSession')}>
        <YesNo value={calendar.groupSession} />
      </td>
      {canManage && (
        <td className="table-actions">
          <RouterAnchorButton
            to={`/admin/calendars/${calendar.id}/users`}
            icon="people"
            size="small"
            variant="outlined"
            aria-label={t('calendars.manageAccessNamed', { name: calendar.name })}
          >
            {t('calendars.manageAccess')}
          </RouterAnchorButton>
        </td>
      )}
    </tr>
  );
}

/**
 * §2.3 /admin/calendars: the calendars the viewer may see (a Basic User gets only the enabled ones they can
 * access, from the API). Administrators get the Manage Access row action. The filters, Add/Edit/Copy and the
 * Actions dropdown come with the calendar form.
 */
export function CalendarsPage() {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const canManage = isAdmin(useCurrentUser());
  const query = useGetCalendarsQuery();
  const { data } = query;
  const calendars = useMemo(() => [...(data ?? [])].sort((a, b) => a.name.localeCompare(b.name, language)), [data, language]);

  return (
    <>
      <div className="page-heading">
        <H1 className="page-title">{t('menu.calendars')}</H1>
      </div>
      <ListState query={query} isEmpty={calendars.length === 0} emptyIcon="timeline-events" emptyTitle={t('calendars.empty')}>
        <HTMLTable className="admin-table responsive-table calendars-table">
          <thead>
            <tr>
              <th scope="col">{t('calendars.columns.name')}</th>
              <th scope="col">{t('calendars.columns.enabled')}</th>
              <th scope="col">{t('calendars.columns.groupSession')}</th>
              {canManage && (
                <th scope="col">
                  <span className="visually-hidden">{t('calendars.columns.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {calendars.map((calendar) => (
              <CalendarRow key={calendar.id} calendar={calendar} canManage={canManage} />
            ))}
          </tbody>
        </HTMLTable>
      </ListState>
    </>
  );
}
