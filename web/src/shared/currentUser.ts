import { createContext, useContext } from 'react';
import type { z } from 'zod';
import type { meResponse } from '../../../api/auth/schemas';

/** GET /api/me's answer and the roles a user may hold (§6), inferred from the API's own schema (types only). */
export type Me = z.infer<typeof meResponse>;
export type Role = Me['roles'][number];

/** The signed-in user (GET /api/me), given to every signed-in page by RequireAuth. */
export const CurrentUserContext = createContext<Me | null>(null);

export function useCurrentUser(): Me {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser is only available under RequireAuth');
  return user;
}

/** §6: a user has admin rights when they hold ROLE_ADMIN or ROLE_ROOT. */
export const adminRoles: readonly Role[] = ['ROLE_ADMIN', 'ROLE_ROOT'];
export const staffRoles: readonly Role[] = ['ROLE_USER', 'ROLE_ADMIN', 'ROLE_ROOT'];
export const rootRoles: readonly Role[] = ['ROLE_ROOT'];
/** Issue 18: the audit screens are for Auditors and System Administrators. */
export const auditorRoles: readonly Role[] = ['ROLE_AUDITOR', 'ROLE_ROOT'];

export function hasAnyRole(user: { roles: readonly Role[] }, roles: readonly Role[]): boolean {
  return user.roles.some((role) => roles.includes(role));
}

export const isRoot = (user: { roles: readonly Role[] }) => hasAnyRole(user, rootRoles);
export const isAdmin = (user: { roles: readonly Role[] }) => hasAnyRole(user, adminRoles);
