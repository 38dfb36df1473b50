import { useTranslation } from 'react-i18next';
import type { AdminTexts } from '../../i18n/adminTexts';
import { AttendanceFigures } from './AttendanceFigures';
import { BookingsPerDayChart } from './BookingsPerDayChart';
import { BookingsPerWeekChart } from './BookingsPerWeekChart';
import { CourseFillChart } from './CourseFillChart';
import { LeadTimeChart } from './LeadTimeChart';
import { UtilisationChart } from './UtilisationChart';
import type { StatisticsResponse } from './types';

/** Whether the period has anything to show: a booking, a move, a cancellation, a clinic slot or a course. */
export function hasData(statistics: StatisticsResponse): boolean {
  return (
    statistics.bookingsPerDay.some((day) => day.bookings + day.moves + day.cancellations > 0) ||
    statistics.bookingsPerWeek.some((week) => week.bookings > 0) ||
    statistics.utilisation.some((day) => day.totalSlots > 0) ||
    statistics.attendance.appointments > 0 ||
    statistics.leadTime.some((band) => band.bookings > 0) ||
    statistics.courseFill.length > 0
  );
}

/** The six charts of a period; each CSV is named after its chart and the period. */
export function StatisticsCharts({ statistics }: { statistics: StatisticsResponse }) {
  const { t } = useTranslation();
  const fileName = (chart: keyof AdminTexts['statistics']['files']) =>
    `${t(`statistics.files.${chart}`)}_${statistics.startDate}_${statistics.endDate}`;
  return (
    <div className="statistics-charts">
      <BookingsPerDayChart data={statistics.bookingsPerDay} fileName={fileName('bookingsPerDay')} />
      <BookingsPerWeekChart data={statistics.bookingsPerWeek} fileName={fileName('bookingsPerWeek')} />
      <UtilisationChart data={statistics.utilisation} fileName={fileName('utilisation')} />
      <AttendanceFigures data={statistics.attendance} fileName={fileName('attendance')} />
      <LeadTimeChart data={statistics.leadTime} fileName={fileName('leadTime')} />
      <CourseFillChart data={statistics.courseFill} fileName={fileName('courseFill')} />
    </div>
  );
}
