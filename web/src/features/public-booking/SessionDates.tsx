import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '../../i18n/format';
import type { Language } from '../../i18n/languages';
import { addSeconds } from './slotTimes';
import type { PublicSession } from './types';

/** The dates of a group session, each with its hours ("Wednesday, December 2, 2026, 6:00 p.m. to 8:00 p.m."). */
export function SessionDates({ dates, language }: { dates: PublicSession['sessionDates']; language: Language }) {
  const { t } = useTranslation();
  return (
    <ul className="booking-session-dates">
      {dates.map((session) => (
        <li key={`${session.date}-${session.time}`}>
          {t('booking.session.dateLine', {
            date: formatDate(language, session.date),
            start: formatTime(language, session.time),
            end: formatTime(language, addSeconds(session.time, session.duration)),
          })}
        </li>
      ))}
    </ul>
  );
}
