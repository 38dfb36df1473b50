import { lockSlot, planLock } from '../../commands/booking/lock';
import { STAFF } from '../access-groups';
import { awaitReadModels, SCREEN_READ_MODELS } from '../await-read-models';
import { accessibleCalendar } from '../calendar-access';
import { defineRoute } from '../routing';
import { staffContext } from '../staff-context';
import { withUnitTimeZone } from '../unit-time';
import { lockResponse, staffLockBody } from './schemas';

export const staffLockRoutes = [
  defineRoute({
    method: 'post',
    path: '/locks',
    summary:
      'Staff hold a timeslot while they fill the appointment form, or an appointment while they edit it (for the calendar’s lock time); release with DELETE /public/locks/{token}',
    tag: 'appointments',
    access: STAFF,
    body: staffLockBody,
    response: lockResponse,
    successStatus: 201,
    async handler({ body, viewer, ctx, dependencies }) {
      const staff = { publicCaller: false } as const;
      const plan = await planLock(withUnitTimeZone(dependencies), body.calendarDateLaneId, staff);
      await accessibleCalendar(dependencies.knex, viewer, plan.found.calendarId);
      const { token, expiresAt, append } = await lockSlot(
        withUnitTimeZone(dependencies),
        plan,
        body,
        staffContext(viewer, ctx),
        staff,
      );
      await awaitReadModels(dependencies, append, SCREEN_READ_MODELS.calendarDays);
      return { token, expiresAt };
    },
  }),
];
