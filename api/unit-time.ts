import type { AppDependencies } from './dependencies';

/** Command dependencies plus the unit's time zone, for commands that work out "today" (dates, locks, bookings). */
export const withUnitTimeZone = (dependencies: AppDependencies) => ({
  ...dependencies,
  timeZone: dependencies.config.unitTimezone,
});
