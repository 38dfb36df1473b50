import { NonIdealState } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { RouterAnchorButton } from '../../shared/routing/RouterLinks';
import { hasAnyRole, useCurrentUser } from '../../shared/currentUser';
import type { Role } from '../../shared/currentUser';

/** A page for some roles only (§6): others are told they have no access (the API refuses them too). */
export function RequireRole({ roles, children }: { roles: readonly Role[]; children?: ReactNode }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (hasAnyRole(user, roles)) return children ?? <Outlet />;
  return (
    <NonIdealState
      className="page-state"
      icon="lock"
      title={t('admin.forbiddenTitle')}
      description={t('errors.FORBIDDEN')}
      action={
        <RouterAnchorButton to="/admin" intent="primary" icon="home">
          {t('admin.backHome')}
        </RouterAnchorButton>
      }
    />
  );
}
