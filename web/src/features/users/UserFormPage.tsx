import { Callout, H1, NonIdealState } from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { errorCode, errorMessage } from '../../app/errorMessages';
import { PageSpinner } from '../../app/PageSpinner';
import { RouterAnchorButton } from '../../app/RouterLinks';
import { UserForm } from './UserForm';
import { useGetUserQuery } from './usersApi';

function parseId(value: string | undefined): number | undefined {
  return value !== undefined && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : undefined;
}

/** §2.3 /admin/users/new and /admin/users/{id}/edit. */
export function UserFormPage({ mode }: { mode: 'new' | 'edit' }) {
  const { t } = useTranslation();
  const rawId = useParams().id;
  const id = mode === 'edit' ? parseId(rawId) : undefined;
  const { data: user, error, isLoading } = useGetUserQuery(id ?? skipToken);
  const title = mode === 'new' ? t('users.newTitle') : t('users.editTitle');
  const back = (
    <RouterAnchorButton to="/admin/users" icon="arrow-left" variant="outlined">
      {t('users.backToList')}
    </RouterAnchorButton>
  );

  if (mode === 'new') return <UserForm key="new" title={title} user={undefined} />;
  const code = errorCode(error);
  if (id === undefined || code === 'USER_NOT_FOUND' || code === 'NOT_FOUND' || code === 'FORBIDDEN' || (user && user.id === null)) {
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
  if (error || !user) {
    return (
      <>
        <H1 className="page-title">{title}</H1>
        <Callout intent="danger" role="alert">
          {errorMessage(t, error)}
        </Callout>
        <div className="page-actions page-actions-start">{back}</div>
      </>
    );
  }
  return <UserForm key={user.id} title={title} user={user} />;
}
