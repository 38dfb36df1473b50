import { z } from 'zod';
import { recordIdParam } from '../shared-schemas';
import { OFFICE_REGIONS } from '../../domain/locations/location';
import { daysBetween } from '../../domain/shared/plain-date';
import { calendarDateResponse, plainDate } from '../calendar-dates/schemas';

/** At most about three months in one call: the overview asks for one 6-week grid at a time. */
export const DASHBOARD_MAX_DAYS = 100;

export const dashboardQuery = z
  .strictObject({
    startDate: plainDate,
    endDate: plainDate,
    categoryId: recordIdParam.optional(),
    region: z.enum(OFFICE_REGIONS).optional(),
  })
  .refine((query) => daysBetween(query.startDate, query.endDate) <= DASHBOARD_MAX_DAYS, {
    path: ['endDate'],
    message: `At most ${DASHBOARD_MAX_DAYS} days at a time`,
  });

/** One calendar on one day of the Calendar Overview: the date's statistics plus what the modal shows of its calendar. */
export const dashboardItem = calendarDateResponse.omit({ lanes: true }).extend({
  calendarName: z.string(),
  groupSession: z.boolean(),
  categoryId: z.number().int().nullable(),
  location: z
    .object({
      id: z.number().int(),
      name: z.string(),
      nameFr: z.string(),
      officeRegion: z.enum(OFFICE_REGIONS),
      isVirtual: z.boolean(),
    })
    .nullable(),
  /** Whether the viewer may open the date's appointments (administrators, or a user with access to the calendar). */
  access: z.boolean(),
});
export const dashboardList = z.object({ items: z.array(dashboardItem) });
