import type { z } from 'zod';
import type { dashboardItem, dashboardList, dashboardQuery } from '../../../../api/dashboard/schemas';

/** GET /api/dashboard (§7 Calendars and dates), inferred from the API's own schemas (types only). */
export type DashboardItem = z.infer<typeof dashboardItem>;
export type DashboardList = z.infer<typeof dashboardList>;
/** What the Calendar Overview asks for: the days of its grid and its filters. */
export type DashboardQuery = z.input<typeof dashboardQuery>;
