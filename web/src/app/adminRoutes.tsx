import type { RouteObject } from 'react-router-dom';
import { menuEntries } from '../features/admin-shell';
import { adminRoles, auditorRoles, rootRoles, staffRoles } from '../shared/currentUser';
import type { Role } from '../shared/currentUser';
import { PageSpinner } from '../shared/states/PageSpinner';
import { lazyElement } from './lazyElement';
import { RouteError } from './RouteError';

const requireRole = (roles: readonly Role[]) =>
  lazyElement(
    () => import('../features/admin-shell/RequireRole'),
    ({ RequireRole }) => <RequireRole roles={roles} />,
  );
const notAvailableYet = (entry: (typeof menuEntries)[number]['key']) =>
  lazyElement(
    () => import('../features/admin-shell/NotAvailableYet'),
    ({ NotAvailableYet }) => <NotAvailableYet entry={entry} />,
  );
const userForm = (mode: 'new' | 'edit') =>
  lazyElement(
    () => import('../features/users/UserFormPage'),
    ({ UserFormPage }) => <UserFormPage mode={mode} />,
  );
const categoryForm = (mode: 'new' | 'edit') =>
  lazyElement(
    () => import('../features/categories/CategoryFormPage'),
    ({ CategoryFormPage }) => <CategoryFormPage mode={mode} />,
  );
const locationForm = (mode: 'new' | 'edit') =>
  lazyElement(
    () => import('../features/locations/LocationFormPage'),
    ({ LocationFormPage }) => <LocationFormPage mode={mode} />,
  );
const templateForm = (mode: 'new' | 'edit') =>
  lazyElement(
    () => import('../features/templates/TemplateFormPage'),
    ({ TemplateFormPage }) => <TemplateFormPage mode={mode} />,
  );
const serviceForm = (mode: 'new' | 'edit') =>
  lazyElement(
    () => import('../features/services/admin/ServiceFormPage'),
    ({ ServiceFormPage }) => <ServiceFormPage mode={mode} />,
  );
const calendarForm = (mode: 'new' | 'edit' | 'copy') =>
  lazyElement(
    () => import('../features/calendars/CalendarFormPage'),
    ({ CalendarFormPage }) => <CalendarFormPage mode={mode} />,
  );
const batchDates = (mode: 'add' | 'edit') =>
  lazyElement(
    () => import('../features/calendar-dates/BatchDatesPage'),
    ({ BatchDatesPage }) => <BatchDatesPage mode={mode} />,
  );

/** Menu entries whose screens come with later issues: each keeps its address and its roles (§2.3). */
const builtEntries = new Set([
  'overview',
  'users',
  'calendars',
  'categories',
  'locations',
  'templates',
  'services',
  'search',
  'requestForms',
  'report',
  'statistics',
  'messages',
  'export',
  'auditEvents',
  'auditRecords',
  'auditAccess',
]);
const comingScreens: RouteObject[] = menuEntries
  .filter((entry) => !builtEntries.has(entry.key))
  .map((entry) => ({
    path: `${entry.path.slice('/admin/'.length)}/*`,
    ...lazyElement(
      () =>
        Promise.all([import('../features/admin-shell/RequireRole'), import('../features/admin-shell/NotAvailableYet')]),
      ([{ RequireRole }, { NotAvailableYet }]) => (
        <RequireRole roles={entry.roles}>
          <NotAvailableYet entry={entry.key} />
        </RequireRole>
      ),
    ),
  }));

/**
 * §2.2 and §2.3: the admin area, with no language segment. This table is itself loaded on demand (routes.tsx adds it
 * to the router when an address under /admin is first opened), so the public pages never download it; each screen
 * is lazy again, and the router loads the modules of all matched routes in parallel.
 */
export const adminRoute: RouteObject = {
  id: 'admin',
  path: 'admin',
  // the staff area's texts come with its first module, before any admin screen renders
  ...lazyElement(
    () => Promise.all([import('../features/admin-shell/AdminLanguage'), import('../i18n/adminTexts')]),
    ([{ AdminLanguage }, { addAdminTexts }]) => {
      addAdminTexts();
      return <AdminLanguage />;
    },
  ),
  // shown while a directly opened admin address loads its modules
  hydrateFallbackElement: <PageSpinner />,
  errorElement: <RouteError />,
  children: [
    {
      ...lazyElement(
        () => import('../features/admin-shell/SignedOutLayout'),
        ({ SignedOutLayout }) => <SignedOutLayout />,
      ),
      children: [
        {
          path: 'login',
          ...lazyElement(
            () => import('../features/auth/LoginPage'),
            ({ LoginPage }) => <LoginPage />,
          ),
        },
        {
          path: 'password-reset-request',
          ...lazyElement(
            () => import('../features/auth/PasswordResetRequestPage'),
            ({ PasswordResetRequestPage }) => <PasswordResetRequestPage />,
          ),
        },
        {
          path: 'password-reset/:code',
          ...lazyElement(
            () => import('../features/auth/PasswordResetPage'),
            ({ PasswordResetPage }) => <PasswordResetPage />,
          ),
        },
      ],
    },
    {
      ...lazyElement(
        () => import('../features/admin-shell/AdminLayout'),
        ({ AdminLayout }) => <AdminLayout />,
      ),
      children: [
        {
          index: true,
          ...lazyElement(
            () =>
              Promise.all([
                import('../features/admin-shell/AdminHome'),
                import('../features/dashboard/CalendarOverviewPage'),
              ]),
            ([{ AdminHome }, { CalendarOverviewPage }]) => <AdminHome staffHome={<CalendarOverviewPage />} />,
          ),
        },
        {
          path: 'help',
          children: [
            {
              index: true,
              ...lazyElement(
                () => import('../features/help/HelpPage'),
                ({ HelpPage }) => <HelpPage />,
              ),
            },
            {
              path: ':topic',
              ...lazyElement(
                () => import('../features/help/HelpTopicPage'),
                ({ HelpTopicPage }) => <HelpTopicPage />,
              ),
            },
          ],
        },
        // §2.3 Manage Appointments: no menu entry; staff reach it from the calendar list and the Calendar Overview
        {
          path: 'booking',
          ...requireRole(staffRoles),
          children: [
            {
              index: true,
              ...lazyElement(
                () => import('../features/appointments/ManageAppointmentsPage'),
                ({ ManageAppointmentsPage }) => <ManageAppointmentsPage />,
              ),
            },
          ],
        },
        {
          path: 'search',
          ...requireRole(staffRoles),
          children: [
            {
              index: true,
              ...lazyElement(
                () => import('../features/appointment-search/AppointmentSearchPage'),
                ({ AppointmentSearchPage }) => <AppointmentSearchPage />,
              ),
            },
          ],
        },
        {
          path: 'request-forms',
          ...requireRole(staffRoles),
          children: [
            {
              index: true,
              ...lazyElement(
                () => import('../features/request-forms/RequestFormsPage'),
                ({ RequestFormsPage }) => <RequestFormsPage />,
              ),
            },
            {
              path: 'new',
              ...lazyElement(
                () => import('../features/request-forms/RequestFormPage'),
                ({ RequestFormPage }) => <RequestFormPage />,
              ),
            },
            {
              path: ':id/view',
              ...lazyElement(
                () => import('../features/request-forms/RequestFormViewPage'),
                ({ RequestFormViewPage }) => <RequestFormViewPage />,
              ),
            },
          ],
        },
        {
          path: 'statistics',
          ...requireRole(adminRoles),
          children: [
            {
              index: true,
              ...lazyElement(
                () => import('../features/statistics/StatisticsPage'),
                ({ StatisticsPage }) => <StatisticsPage />,
              ),
            },
          ],
        },
        {
          path: 'messages',
          ...requireRole(adminRoles),
          children: [
            {
              index: true,
              ...lazyElement(
                () => import('../features/messages/MessagesPage'),
                ({ MessagesPage }) => <MessagesPage />,
              ),
            },
          ],
        },
        {
          path: 'report',
          ...requireRole(adminRoles),
          children: [
            {
              index: true,
              ...lazyElement(
                () => import('../features/report/ReportPage'),
                ({ ReportPage }) => <ReportPage />,
              ),
            },
          ],
        },
        {
          path: 'export',
          ...requireRole(rootRoles),
          children: [
            {
              index: true,
              ...lazyElement(
                () => import('../features/data-exports/ExportPage'),
                ({ ExportPage }) => <ExportPage />,
              ),
            },
          ],
        },
        {
          path: 'users',
          ...requireRole(adminRoles),
          children: [
            {
              index: true,
              ...lazyElement(
                () => import('../features/users/UsersPage'),
                ({ UsersPage }) => <UsersPage />,
              ),
            },
            { path: 'new', ...userForm('new') },
            { path: ':id/edit', ...userForm('edit') },
          ],
        },
        {
          path: 'categories',
          ...requireRole(adminRoles),
          children: [
            {
              index: true,
              ...lazyElement(
                () => import('../features/categories/CategoriesPage'),
                ({ CategoriesPage }) => <CategoriesPage />,
              ),
            },
            { path: 'new', ...categoryForm('new') },
            { path: ':id/edit', ...categoryForm('edit') },
          ],
        },
        {
          path: 'locations',
          ...requireRole(adminRoles),
          children: [
            {
              index: true,
              ...lazyElement(
                () => import('../features/locations/LocationsPage'),
                ({ LocationsPage }) => <LocationsPage />,
              ),
            },
            { path: 'new', ...locationForm('new') },
            { path: ':id/edit', ...locationForm('edit') },
          ],
        },
        {
          path: 'templates',
          ...requireRole(rootRoles),
          children: [
            {
              index: true,
              ...lazyElement(
                () => import('../features/templates/TemplatesPage'),
                ({ TemplatesPage }) => <TemplatesPage />,
              ),
            },
            { path: 'new', ...templateForm('new') },
            { path: ':id/edit', ...templateForm('edit') },
          ],
        },
        {
          path: 'services',
          ...requireRole(rootRoles),
          children: [
            {
              index: true,
              ...lazyElement(
                () => import('../features/services/admin/ServicesPage'),
                ({ ServicesPage }) => <ServicesPage />,
              ),
            },
            { path: 'new', ...serviceForm('new') },
            { path: ':id/edit', ...serviceForm('edit') },
          ],
        },
        {
          path: 'calendars',
          ...requireRole(staffRoles),
          children: [
            {
              index: true,
              ...lazyElement(
                () => import('../features/calendars/CalendarsPage'),
                ({ CalendarsPage }) => <CalendarsPage />,
              ),
            },
            {
              ...requireRole(adminRoles),
              children: [
                { path: 'new', ...calendarForm('new') },
                { path: ':id/edit', ...calendarForm('edit') },
                { path: ':id/copy', ...calendarForm('copy') },
                {
                  path: ':id/users',
                  ...lazyElement(
                    () => import('../features/calendars/CalendarAccessPage'),
                    ({ CalendarAccessPage }) => <CalendarAccessPage />,
                  ),
                },
                {
                  path: ':id/dates',
                  ...lazyElement(
                    () => import('../features/calendar-dates/CalendarDatesPage'),
                    ({ CalendarDatesPage }) => <CalendarDatesPage />,
                  ),
                },
                { path: ':id/dates/batch/add', ...batchDates('add') },
                { path: ':id/dates/batch/edit', ...batchDates('edit') },
                {
                  path: ':id/dates/:date/edit',
                  ...lazyElement(
                    () => import('../features/calendar-dates/CalendarDateEditPage'),
                    ({ CalendarDateEditPage }) => <CalendarDateEditPage />,
                  ),
                },
              ],
            },
            // group sessions (staff): Basic Users see the calendars they were given (the API answers 403 otherwise)
            {
              path: ':id/group-session-series',
              ...lazyElement(
                () => import('../features/group-session-series/GroupSessionSeriesPage'),
                ({ GroupSessionSeriesPage }) => <GroupSessionSeriesPage />,
              ),
            },
            {
              path: ':id/group-session-series/:seriesId',
              ...lazyElement(
                () => import('../features/group-session-series/SeriesDetailPage'),
                ({ SeriesDetailPage }) => <SeriesDetailPage />,
              ),
            },
            // the booking pages come with the appointment issues
            { path: '*', ...notAvailableYet('calendars') },
          ],
        },
        // issue 18: the audit screens (Auditors and System Administrators), read-only
        {
          path: 'audit',
          ...requireRole(auditorRoles),
          children: [
            {
              path: 'events',
              ...lazyElement(
                () => import('../features/audit-events/AuditEventsPage'),
                ({ AuditEventsPage }) => <AuditEventsPage />,
              ),
            },
            {
              path: 'records',
              ...lazyElement(
                () => import('../features/audit-records/AuditRecordsPage'),
                ({ AuditRecordsPage }) => <AuditRecordsPage />,
              ),
            },
            {
              path: 'access',
              ...lazyElement(
                () => import('../features/access-log/AccessLogPage'),
                ({ AccessLogPage }) => <AccessLogPage />,
              ),
            },
          ],
        },
        ...comingScreens,
        {
          path: '*',
          ...lazyElement(
            () => import('../features/admin-shell/AdminNotFound'),
            ({ AdminNotFound }) => <AdminNotFound />,
          ),
        },
      ],
    },
  ],
};
