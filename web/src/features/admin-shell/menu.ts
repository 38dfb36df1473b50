import type { IconName } from '@blueprintjs/core';
import { adminRoles, auditorRoles, hasAnyRole, rootRoles, staffRoles } from '../../shared/currentUser';
import type { Role } from '../../shared/currentUser';

/**
 * §2.3 menu entries by role. A Frontend Administrator holds none of these roles, so sees no entry (only Help and
 * Logout). Every entry has its route; the screens not built yet show a "not available yet" state.
 */
export const menuEntries = [
  { key: 'overview', path: '/admin', icon: 'calendar', roles: staffRoles },
  { key: 'calendars', path: '/admin/calendars', icon: 'timeline-events', roles: staffRoles },
  { key: 'requestForms', path: '/admin/request-forms', icon: 'form', roles: staffRoles },
  { key: 'search', path: '/admin/search', icon: 'search', roles: staffRoles },
  { key: 'categories', path: '/admin/categories', icon: 'tag', roles: adminRoles },
  { key: 'locations', path: '/admin/locations', icon: 'map-marker', roles: adminRoles },
  { key: 'users', path: '/admin/users', icon: 'people', roles: adminRoles },
  { key: 'report', path: '/admin/report', icon: 'chart', roles: adminRoles },
  { key: 'statistics', path: '/admin/statistics', icon: 'timeline-bar-chart', roles: adminRoles },
  { key: 'messages', path: '/admin/messages', icon: 'send-message', roles: adminRoles },
  { key: 'templates', path: '/admin/templates', icon: 'envelope', roles: rootRoles },
  { key: 'export', path: '/admin/export', icon: 'export', roles: rootRoles },
  { key: 'services', path: '/admin/services', icon: 'applications', roles: rootRoles },
  { key: 'auditEvents', path: '/admin/audit/events', icon: 'history', roles: auditorRoles },
  { key: 'auditRecords', path: '/admin/audit/records', icon: 'search-template', roles: auditorRoles },
  { key: 'auditAccess', path: '/admin/audit/access', icon: 'eye-open', roles: auditorRoles },
] as const satisfies readonly { key: string; path: string; icon: IconName; roles: readonly Role[] }[];

export type MenuEntry = (typeof menuEntries)[number];
export type MenuKey = MenuEntry['key'];

export function menuFor(user: { roles: readonly Role[] }): MenuEntry[] {
  return menuEntries.filter((entry) => hasAnyRole(user, entry.roles));
}

/** Whether `pathname` is the entry's screen or one below it (Calendar Overview only matches /admin itself). */
export function isCurrent(path: string, pathname: string): boolean {
  const current = pathname.replace(/\/+$/, '') || '/';
  if (path === '/admin') return current === '/admin';
  return current === path || current.startsWith(`${path}/`);
}
