import { addDays, instantOf } from '../shared/plain-date';
import { MAX_REMINDER_OFFSETS } from './message';

/**
 * When reminders go out: at the send time (REMINDER_SEND_TIME, 'HH:MM') on the wall clocks of the unit's time zone,
 * `offsetDays` days before the appointment's date. On the day clocks go forward a send time that does not exist
 * (02:30 in Toronto on 2026-03-08) is sent an hour later on the wall clock (03:30, the instant 02:30 standard time
 * would be); on the day they go back an ambiguous one (01:30 on 2026-11-01) goes out at its first occurrence, so a
 * reminder is never later than the hour staff chose.
 */
export function reminderDueAt(date: string, offsetDays: number, sendTime: string, timeZone: string): Date {
  return instantOf(addDays(date, -offsetDays), `${sendTime.slice(0, 5)}:00`, timeZone);
}

/** The reminder settings of a calendar (§3 reminderThreshold, and the extra days of issue 19 item 5). */
export interface ReminderSettings {
  reminderThreshold: number | null;
  extraReminderDays: readonly number[];
}

/**
 * The days before an appointment that reminders go out: the threshold, then the extra days, each once, at most
 * MAX_REMINDER_OFFSETS (the calendar's rules allow no more; a stored value beyond is ignored, not sent).
 */
export function reminderOffsets(settings: ReminderSettings): number[] {
  const offsets: number[] = [];
  for (const days of [settings.reminderThreshold, ...settings.extraReminderDays]) {
    if (days === null || !Number.isInteger(days) || days < 0 || offsets.includes(days)) continue;
    if (offsets.length < MAX_REMINDER_OFFSETS) offsets.push(days);
  }
  return offsets;
}
