import { NonIdealState } from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { errorCode } from '../../shared/errorMessages';
import { PageSpinner } from '../../shared/states/PageSpinner';
import { RouterAnchorButton } from '../../shared/routing/RouterLinks';
import { LoadFailed } from '../../shared/states/LoadFailed';
import { useEditId } from '../../shared/routing/useEditId';
import { UserForm } from './UserForm';
import { useGetUserQuery } from './usersApi';

/** §2.3 /admin/users/new and /admin/users/{id}/edit. */
export function UserFormPage({ mode }: { mode: 'new' | 'edit' }) {
  const { t } = useTranslation();
  const id = useEditId(mode);
  const { data: user, error, isLoading } = useGetUserQuery(id ?? skipToken);
  const title = mode === 'new' ? t('users.newTitle') : t('users.editTitle');
  const back = (
    <RouterAnchorButton to="/admin/users" icon="arrow-left" variant="outlined">
      {t('users.backToList')}
    </RouterAnchorButton>
  );

  if (mode === 'new') return <UserForm key="new" title={title} user={undefined} />;
  const code = errorCode(error);
  if (
    id === undefined ||
    code === 'USER_NOT_FOUND' ||
    code === 'NOT_FOUND' ||
    code === 'FORBIDDEN' ||
    (user && user.id === null)
  ) {
    return (
      <NonIdealState
        className="page-state"
        icon={code === 'FORBIDDEN' || user?.id === null ? 'lock' : 'search'}
        title={code === 'FORBIDDEN' || user?.id === null ? t('admin.forbiddenTitle') : t('errors.USER_NOT_FOUND')}
        action={back}
      />
    );
  }
  if (isLoading) return <PageSpinner />;
  if (error || !user) return <LoadFailed title={title} error={error} action={back} />;
  return <UserForm key={user.id} title={title} user={user} />;
}
