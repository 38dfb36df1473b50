import type { ReactNode } from 'react';
import { hasAnyRole, staffRoles, useCurrentUser } from '../../shared/currentUser';
import { FrontendHomePage } from './FrontendHomePage';

/** `/admin`: the Calendar Overview for staff; for an account with no staff role (a Frontend Administrator), its own home. */
export function AdminHome({ staffHome }: { staffHome: ReactNode }) {
  const user = useCurrentUser();
  return hasAnyRole(user, staffRoles) ? staffHome : <FrontendHomePage />;
}
