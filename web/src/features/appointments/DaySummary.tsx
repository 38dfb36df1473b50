import { useTranslation } from 'react-i18next';
import type { CalendarDate } from '../calendar-dates';

/** §2.3 the day summary: appointments, clients, booked and total slots, capacity. */
export function DaySummary({ date }: { date: CalendarDate }) {
  const { t } = useTranslation();
  const figures: [string, string][] = [
    [t('appointments.summary.appointments'), String(date.appointmentCount)],
    [t('appointments.summary.clients'), String(date.clientCount)],
    [
      t('appointments.summary.slots'),
      t('appointments.summary.slotsValue', { booked: date.bookedSlotCount, total: date.totalSlotCount }),
    ],
    [t('appointments.summary.capacity'), t('appointments.summary.capacityValue', { percent: date.capacity })],
  ];
  return (
    <dl className="appt-summary">
      {figures.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
