import { accessLogRoutes } from './access-log/routes';
import { publicAppointmentRoutes } from './appointments/public-routes';
import { appointmentRoutes } from './appointments/routes';
import { appointmentSearchRoutes } from './appointments/search-routes';
import { auditEventRoutes } from './audit-events/routes';
import { auditRecordRoutes } from './audit-records/routes';
import { authRoutes } from './auth/routes';
import { botCheckRoutes } from './bot-check/routes';
import { calendarDateRoutes } from './calendar-dates/routes';
import { calendarRoutes } from './calendars/routes';
import { categoryRoutes } from './categories/routes';
import { dashboardRoutes } from './dashboard/routes';
import { dataExportRoutes } from './data-exports/routes';
import { healthRoutes } from './health/routes';
import { locationRoutes } from './locations/routes';
import { messageRoutes } from './messages/routes';
import { publicLockRoutes } from './locks/public-routes';
import { staffLockRoutes } from './locks/routes';
import { groupSessionSeriesRoutes } from './group-session-series/routes';
import { publicBookingRoutes } from './public-booking/routes';
import { requestFormRoutes } from './request-forms/routes';
import { selfServiceRoutes } from './self-service/routes';
import { reportRoutes } from './report/routes';
import { statisticsRoutes } from './statistics/routes';
import type { RouteDefinition } from './routing';
import { publicServiceRoutes } from './services/public-routes';
import { serviceRoutes } from './services/routes';
import { templateRoutes } from './templates/routes';
import { userRoutes } from './users/routes';
import { waitlistRoutes } from './waitlist/routes';
import { waitlistOfferRoutes } from './waitlist/offer-routes';

/** Every API route. The router and the OpenAPI document are both built from this list. */
export const allRoutes: RouteDefinition[] = [
  ...healthRoutes,
  ...authRoutes,
  ...botCheckRoutes,
  ...userRoutes,
  ...calendarRoutes,
  ...calendarDateRoutes,
  ...groupSessionSeriesRoutes,
  ...staffLockRoutes,
  ...appointmentRoutes,
  ...appointmentSearchRoutes,
  ...dashboardRoutes,
  ...categoryRoutes,
  ...locationRoutes,
  ...templateRoutes,
  ...serviceRoutes,
  ...requestFormRoutes,
  ...dataExportRoutes,
  ...reportRoutes,
  ...statisticsRoutes,
  ...auditEventRoutes,
  ...auditRecordRoutes,
  ...accessLogRoutes,
  ...messageRoutes,
  ...publicServiceRoutes,
  ...publicBookingRoutes,
  ...publicLockRoutes,
  ...publicAppointmentRoutes,
  ...selfServiceRoutes,
  ...waitlistRoutes,
  ...waitlistOfferRoutes,
];
