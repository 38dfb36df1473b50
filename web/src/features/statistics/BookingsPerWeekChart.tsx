import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { shortDate } from '../../shared/dateText';
import { ChartSection } from './ChartSection';
import { chartMargin, chartStyle, colours } from './chartStyle';
import { axisDate, formatCount } from './statisticsFormat';
import { bookingsPerWeekTable } from './statisticsTables';
import type { StatisticsResponse } from './types';

/** Bookings by ISO week (Monday to Sunday), one bar a week. */
export function BookingsPerWeekChart({
  data,
  fileName,
}: {
  data: StatisticsResponse['bookingsPerWeek'];
  fileName: string;
}) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const busiest = data.reduce<(typeof data)[number] | undefined>(
    (best, week) => (best === undefined || week.bookings > best.bookings ? week : best),
    undefined,
  );
  const summary =
    busiest && busiest.bookings > 0
      ? t('statistics.bookingsPerWeek.summary', {
          count: busiest.bookings,
          week: shortDate(language, busiest.weekStart),
          bookings: formatCount(language, busiest.bookings),
        })
      : t('statistics.bookingsPerWeek.none');
  return (
    <ChartSection
      title={t('statistics.bookingsPerWeek.title')}
      summary={summary}
      table={bookingsPerWeekTable(t, data)}
      fileName={fileName}
    >
      {data.length > 0 && (
        <BarChart responsive style={chartStyle} margin={chartMargin} data={data} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="weekStart" tickFormatter={(date: string) => axisDate(language, date)} />
          <YAxis allowDecimals={false} tickFormatter={(value: number) => formatCount(language, value)} />
          <Tooltip
            labelFormatter={(date) =>
              t('statistics.bookingsPerWeek.weekOf', { date: shortDate(language, String(date)) })
            }
            formatter={(value) => formatCount(language, Number(value))}
          />
          <Bar dataKey="bookings" name={t('statistics.columns.bookings')} fill={colours.bookings} />
        </BarChart>
      )}
    </ChartSection>
  );
}
