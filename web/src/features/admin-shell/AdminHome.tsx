import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { auditorRoles, hasAnyRole, staffRoles, useCurrentUser } from '../../shared/currentUser';
import { FrontendHomePage } from './FrontendHomePage';

/** Where an Auditor without a staff role lands: the event log, their first screen (issue 18). */
export const AUDITOR_HOME = '/admin/audit/events';

/**
 * `/admin`: the Calendar Overview for staff; an Auditor with no staff role goes on to the event log; an account with
 * neither (a Frontend Administrator) has its own home.
 */
export function AdminHome({ staffHome }: { staffHome: ReactNode }) {
  const user = useCurrentUser();
  if (hasAnyRole(user, staffRoles)) return staffHome;
  if (hasAnyRole(user, auditorRoles)) return <Navigate to={AUDITOR_HOME} replace />;
  return <FrontendHomePage />;
}
