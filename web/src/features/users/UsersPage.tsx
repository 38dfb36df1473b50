import { H1, HTMLTable, Tag } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterAnchorButton } from '../../shared/routing/RouterLinks';
import { formatDateTime } from '../../i18n/format';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { ListState } from '../../shared/states/ListState';
import type { User } from './types';
import { useGetUsersQuery } from './usersApi';

function UserRow({ user }: { user: User }) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const columns = {
    name: t('users.columns.name'),
    email: t('users.columns.email'),
    position: t('users.columns.position'),
    roles: t('users.columns.roles'),
    enabled: t('users.columns.enabled'),
    lastLogin: t('users.columns.lastLogin'),
  };
  return (
    <tr>
      <th scope="row" data-label={columns.name}>
        {user.name}
      </th>
      <td data-label={columns.email} className="users-email">
        {user.email}
      </td>
      <td data-label={columns.position}>{user.position}</td>
      <td data-label={columns.roles}>{user.roles.map((role) => t(`roles.${role}`)).join(', ')}</td>
      <td data-label={columns.enabled}>
        <Tag minimal intent={user.enabled ? 'success' : 'none'}>
          {user.enabled ? t('users.yes') : t('users.no')}
        </Tag>
      </td>
      <td data-label={columns.lastLogin}>
        {user.lastLoginAt ? formatDateTime(language, new Date(user.lastLoginAt)) : t('users.never')}
      </td>
      <td className="table-actions">
        {user.id !== null && (
          <RouterAnchorButton
            to={`/admin/users/${user.id}/edit`}
            icon="edit"
            size="small"
            variant="outlined"
            aria-label={t('users.editNamed', { name: user.name })}
          >
            {t('users.edit')}
          </RouterAnchorButton>
        )}
      </td>
    </tr>
  );
}

/** §2.3 /admin/users: every staff account, Add New User, and Edit where the viewer may edit. */
export function UsersPage() {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const query = useGetUsersQuery();
  const { data } = query;
  const users = useMemo(
    () => [...(data ?? [])].sort((a, b) => a.name.localeCompare(b.name, language)),
    [data, language],
  );

  return (
    <>
      <div className="page-heading">
        <H1 className="page-title">{t('menu.users')}</H1>
        <RouterAnchorButton to="/admin/users/new" intent="primary" icon="add">
          {t('users.add')}
        </RouterAnchorButton>
      </div>
      <ListState query={query} isEmpty={users.length === 0} emptyIcon="people" emptyTitle={t('users.empty')}>
        <HTMLTable className="admin-table responsive-table">
          <thead>
            <tr>
              <th scope="col">{t('users.columns.name')}</th>
              <th scope="col">{t('users.columns.email')}</th>
              <th scope="col">{t('users.columns.position')}</th>
              <th scope="col">{t('users.columns.roles')}</th>
              <th scope="col">{t('users.columns.enabled')}</th>
              <th scope="col">{t('users.columns.lastLogin')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('users.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <UserRow key={user.id ?? user.email} user={user} />
            ))}
          </tbody>
        </HTMLTable>
      </ListState>
    </>
  );
}
