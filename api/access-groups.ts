import type { Role } from '../domain/users/user';

/** The groups of §2.3's menu table and §6 that routes declare as their access. */
export const STAFF: readonly Role[] = ['ROLE_USER', 'ROLE_ADMIN', 'ROLE_ROOT'];
export const ADMINISTRATORS: readonly Role[] = ['ROLE_ADMIN', 'ROLE_ROOT'];
export const SYSTEM_ADMINISTRATORS: readonly Role[] = ['ROLE_ROOT'];
/** Issue 18: the audit screens, read-only, for Auditors and System Administrators. */
export const AUDITORS: readonly Role[] = ['ROLE_AUDITOR', 'ROLE_ROOT'];
