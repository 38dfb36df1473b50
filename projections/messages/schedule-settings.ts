import { unitTimeZone } from '../../domain/shared/format';

/** When reminders go out: REMINDER_SEND_TIME ('HH:MM') on the wall clocks of UNIT_TIMEZONE. */
export interface ScheduleSettings {
  sendTime: string;
  timeZone: string;
}

const SEND_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * Projections get no configuration object, and may not import commands/infrastructure/config.ts (imports point one
 * way): like projections/analytics, read the same environment variables with the same defaults. The API validates
 * them at start (loadConfig), so a value that reaches here is already known good; a bad one falls back to 09:00.
 * A rebuild under the same settings gives the same due times.
 */
export function scheduleSettingsFromEnvironment(env: NodeJS.ProcessEnv = process.env): ScheduleSettings {
  const sendTime = env.REMINDER_SEND_TIME ?? '';
  return { sendTime: SEND_TIME.test(sendTime) ? sendTime : '09:00', timeZone: env.UNIT_TIMEZONE || unitTimeZone };
}
