import type { TFunction } from 'i18next';
import { formatDate, formatTime } from '../../i18n/format';
import type { Language } from '../../i18n/languages';
import type { FullSession } from './types';

/** 'HH:MM:SS' plus seconds, within the day (a session never runs past midnight). */
export function endTime(time: string, seconds: number): string {
  const [hours = 0, minutes = 0, secs = 0] = time.split(':').map(Number);
  const total = Math.min(hours * 3600 + minutes * 60 + secs + seconds, 24 * 3600 - 1);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** A course's dates, one line each: "Wednesday, December 2, 2026, 6:00 p.m. to 8:00 p.m." */
export const sessionLines = (t: TFunction, language: Language, dates: FullSession['sessionDates']): string[] =>
  dates.map((date) =>
    t('booking.session.dateLine', {
      date: formatDate(language, date.date),
      start: formatTime(language, date.time),
      end: formatTime(language, endTime(date.time, date.duration)),
    }),
  );
