import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '../../i18n/format';
import { useAdminLanguage } from '../../shared/adminLanguage';
import type { CalendarDate } from '../calendar-dates';
import { startsAppointment } from './slotRules';

/**
 * §2.3 Print: the day's appointments per lane (time, clients, phone), shown only on paper; the print CSS hides the
 * rest of the page.
 */
export function PrintDay({ calendarName, date }: { calendarName: string; date: CalendarDate }) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  return (
    <div className="appt-print">
      <h1>{calendarName}</h1>
      <p>{formatDate(language, date.date)}</p>
      {date.lanes.map((lane) => {
        const slots = lane.timeslots ?? [];
        const booked = slots.filter((_, index) => startsAppointment(slots, index));
        return (
          <section key={lane.id}>
            <h2>{lane.name}</h2>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('appointments.table.time')}</th>
                  <th scope="col">{t('appointments.table.clients')}</th>
                  <th scope="col">{t('appointments.table.phone')}</th>
                </tr>
              </thead>
              <tbody>
                {booked.length === 0 && (
                  <tr>
                    <td colSpan={3}>{t('appointments.printNone')}</td>
                  </tr>
                )}
                {booked.map((slot) => (
                  <tr key={slot.time}>
                    <td>{formatTime(language, slot.time)}</td>
                    <td>{slot.clients.map((client) => client.name).join(', ')}</td>
                    <td>{slot.phone ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        );
      })}
    </div>
  );
}
