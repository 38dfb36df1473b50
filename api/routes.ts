import { authRoutes } from './auth/routes';
import { calendarRoutes } from './calendars/routes';
import { healthRoutes } from './health/routes';
import type { RouteDefinition } from './routing';
import { publicServiceRoutes } from './services/public-routes';
import { userRoutes } from './users/routes';

/** Every API route. The router and the OpenAPI document are both built from this list. */
export const allRoutes: RouteDefinition[] = [...healthRoutes, ...authRoutes, ...userRoutes, ...calendarRoutes, ...publicServiceRoutes];
