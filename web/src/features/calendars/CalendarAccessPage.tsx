import { Alert, Button, Callout, Checkbox, Classes, H1, HTMLTable, Icon, NonIdealState, Tag } from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { errorCode, errorMessage, type ApiError } from '../../shared/errorMessages';
import { NotFoundState } from '../../shared/states/NotFoundState';
import { PageSpinner } from '../../shared/states/PageSpinner';
import { parseId } from '../../shared/routing/parseId';
import { RouterAnchorButton } from '../../shared/routing/RouterLinks';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { showSuccess } from '../../shared/toaster';
import { filterUsers, isSelectable, nextAccess, type AccessChange, type AccessFilter } from './calendarAccess';
import { CalendarAccessFilters } from './CalendarAccessFilters';
import { useGetCalendarsQuery, useGetCalendarUsersQuery, useSetCalendarUsersMutation } from './calendarsApi';
import type { Calendar, CalendarUser } from './types';
import './calendars.css';

const noFilter: AccessFilter = { otherCalendarId: undefined, categoryId: undefined, locationId: undefined, text: '' };

function BackToList() {
  const { t } = useTranslation();
  return (
    <RouterAnchorButton to="/admin/calendars" icon="arrow-left" variant="outlined">
      {t('calendars.backToList')}
    </RouterAnchorButton>
  );
}

interface RowProps {
  user: CalendarUser;
  selected: boolean;
  hintId: string;
  onSelect: (id: number, selected: boolean) => void;
}

function UserRow({ user, selected, hintId, onSelect }: RowProps) {
  const { t } = useTranslation();
  const selectable = isSelectable(user);
  const hint = selectable ? undefined : t('calendars.access.adminHint');
  return (
    <tr className={selected ? 'calendar-access-selected' : undefined}>
      <th scope="row" data-label={t('calendars.access.columns.name')}>
        <span title={hint} className="calendar-access-name">
          <Checkbox
            className="calendar-access-check"
            checked={selectable && selected}
            disabled={!selectable}
            onChange={(event) => onSelect(user.id, event.currentTarget.checked)}
            label={user.name}
            aria-describedby={selectable ? undefined : hintId}
          />
          {!user.enabled && (
            <Tag minimal className="calendar-access-disabled">
              {t('calendars.access.disabledUser')}
            </Tag>
          )}
        </span>
      </th>
      <td data-label={t('calendars.access.columns.email')} className="users-email">
        {user.email}
      </td>
      <td data-label={t('calendars.access.columns.roles')}>
        {user.roles.map((role) => t(`roles.${role}`)).join(', ')}
      </td>
      <td data-label={t('calendars.access.columns.access')}>
        <Tag minimal intent={user.access ? 'success' : 'none'}>
          {user.access ? t('calendars.yes') : t('calendars.no')}
        </Tag>
      </td>
    </tr>
  );
}

/** The grant and revoke screen of one calendar, once the calendar and its users are known. */
function CalendarAccess({
  calendar,
  calendars,
  users,
}: {
  calendar: Calendar;
  calendars: Calendar[];
  users: CalendarUser[];
}) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const hintId = useId();
  const [filter, setFilter] = useState<AccessFilter>(noFilter);
  const [selection, setSelection] = useState<ReadonlySet<number>>(new Set());
  const [pending, setPending] = useState<AccessChange | null>(null);
  const [failure, setFailure] = useState<ApiError>(undefined);
  const [setCalendarUsers, saving] = useSetCalendarUsersMutation();

  const sorted = useMemo(() => [...users].sort((a, b) => a.name.localeCompare(b.name, language)), [users, language]);
  const shown = useMemo(() => filterUsers(sorted, filter), [sorted, filter]);
  // Only what is shown is acted on: a filter hides a choice, it never acts on it unseen.
  const chosen = useMemo(
    () => new Set(shown.filter((user) => isSelectable(user) && selection.has(user.id)).map((user) => user.id)),
    [shown, selection],
  );
  const selectableShown = shown.filter(isSelectable);
  const others = calendars.filter((other) => other.id !== calendar.id);

  function select(id: number, selected: boolean) {
    setSelection((current) => {
      const next = new Set(current);
      if (selected) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function confirm(change: AccessChange) {
    setFailure(undefined);
    const answer = await setCalendarUsers({ id: calendar.id, body: { userIds: nextAccess(users, chosen, change) } });
    setPending(null);
    if ('error' in answer) {
      setFailure(answer.error);
      return;
    }
    setSelection(new Set());
    showSuccess(change === 'grant' ? t('calendars.access.granted') : t('calendars.access.revoked'));
  }

  return (
    <>
      <div className="page-heading">
        <div>
          <H1 className="page-title">{calendar.name}</H1>
          <p className={`calendar-access-subtitle ${Classes.TEXT_MUTED}`}>{t('calendars.access.subtitle')}</p>
        </div>
        <BackToList />
      </div>
      <p>{t('calendars.access.intro')}</p>
      {failure && (
        <Callout intent="danger" role="alert" className="form-callout">
          {errorMessage(t, failure)}
        </Callout>
      )}
      <CalendarAccessFilters filter={filter} onChange={setFilter} others={others} />
      <div className="calendar-access-toolbar">
        <div className="calendar-access-actions">
          <Button intent="primary" icon="confirm" disabled={chosen.size === 0} onClick={() => setPending('grant')}>
            {t('calendars.access.grant')}
          </Button>
          <Button
            intent="danger"
            variant="outlined"
            icon="remove"
            disabled={chosen.size === 0}
            onClick={() => setPending('revoke')}
          >
            {t('calendars.access.revoke')}
          </Button>
        </div>
        <div className="calendar-access-selection">
          <span aria-live="polite">{t('calendars.access.selected', { count: chosen.size })}</span>
          <Button
            variant="minimal"
            size="small"
            disabled={selectableShown.length === 0 || selectableShown.every((user) => chosen.has(user.id))}
            onClick={() => setSelection((current) => new Set([...current, ...selectableShown.map((user) => user.id)]))}
          >
            {t('calendars.access.selectShown')}
          </Button>
          <Button variant="minimal" size="small" disabled={chosen.size === 0} onClick={() => setSelection(new Set())}>
            {t('calendars.access.clearSelection')}
          </Button>
        </div>
      </div>
      <p id={hintId} className={`calendar-access-hint ${Classes.TEXT_MUTED}`}>
        <Icon icon="info-sign" size={14} />
        <span>{t('calendars.access.adminHint')}</span>
      </p>
      {shown.length === 0 ? (
        <NonIdealState className="page-state" icon="people" title={t('calendars.access.noUsers')} />
      ) : (
        <HTMLTable className="admin-table responsive-table calendar-access-table">
          <thead>
            <tr>
              <th scope="col">{t('calendars.access.columns.name')}</th>
              <th scope="col">{t('calendars.access.columns.email')}</th>
              <th scope="col">{t('calendars.access.columns.roles')}</th>
              <th scope="col">{t('calendars.access.columns.access')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((user) => (
              <UserRow key={user.id} user={user} selected={chosen.has(user.id)} hintId={hintId} onSelect={select} />
            ))}
          </tbody>
        </HTMLTable>
      )}
      <Alert
        isOpen={pending !== null}
        intent={pending === 'revoke' ? 'danger' : 'primary'}
        icon={pending === 'revoke' ? 'remove' : 'confirm'}
        confirmButtonText={pending === 'revoke' ? t('calendars.access.revoke') : t('calendars.access.grant')}
        cancelButtonText={t('calendars.access.cancel')}
        loading={saving.isLoading}
        canEscapeKeyCancel={!saving.isLoading}
        onConfirm={() => {
          if (pending) void confirm(pending);
        }}
        onCancel={() => setPending(null)}
      >
        <p>
          {pending === 'revoke'
            ? t('calendars.access.confirmRevoke', { count: chosen.size, calendar: calendar.name })
            : t('calendars.access.confirmGrant', { count: chosen.size, calendar: calendar.name })}
        </p>
      </Alert>
    </>
  );
}

/** §2.3 /admin/calendars/{id}/users: grant or revoke access to one calendar for selected users, with confirmation. */
export function CalendarAccessPage() {
  const { t } = useTranslation();
  const id = parseId(useParams().id);
  const calendars = useGetCalendarsQuery();
  const users = useGetCalendarUsersQuery(id ?? skipToken);
  const calendar = calendars.data?.find((candidate) => candidate.id === id);
  const code = errorCode(users.error);

  if (id === undefined || code === 'CALENDAR_NOT_FOUND' || code === 'NOT_FOUND' || (calendars.data && !calendar)) {
    return <NotFoundState title={t('errors.CALENDAR_NOT_FOUND')} action={<BackToList />} />;
  }
  if (calendars.isLoading || users.isLoading) return <PageSpinner />;
  const error = calendars.error ?? users.error;
  if (error || !calendar || !users.data) {
    const refetching = calendars.isFetching || users.isFetching;
    return (
      <>
        <H1 className="page-title">{t('calendars.access.subtitle')}</H1>
        <Callout intent="danger" role="alert">
          <p>{errorMessage(t, error)}</p>
          <Button
            icon="refresh"
            loading={refetching}
            onClick={() => {
              void calendars.refetch();
              void users.refetch();
            }}
          >
            {t('admin.tryAgain')}
          </Button>
        </Callout>
        <div className="page-actions page-actions-start">
          <BackToList />
        </div>
      </>
    );
  }
  return <CalendarAccess key={calendar.id} calendar={calendar} calendars={calendars.data ?? []} users={users.data} />;
}
