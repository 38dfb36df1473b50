import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { shortDate } from '../../shared/dateText';
import { ChartSection } from './ChartSection';
import { chartMargin, chartStyle, colours } from './chartStyle';
import { axisDate, formatCount } from './statisticsFormat';
import { bookingsPerDayTable } from './statisticsTables';
import type { StatisticsResponse } from './types';

const measures = ['bookings', 'moves', 'cancellations'] as const;

/** Bookings, moves and cancellations by appointment date: three bars a day. */
export function BookingsPerDayChart({
  data,
  fileName,
}: {
  data: StatisticsResponse['bookingsPerDay'];
  fileName: string;
}) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const total = (measure: (typeof measures)[number]) =>
    formatCount(
      language,
      data.reduce((sum, day) => sum + day[measure], 0),
    );
  return (
    <ChartSection
      title={t('statistics.bookingsPerDay.title')}
      summary={t('statistics.bookingsPerDay.summary', {
        bookings: total('bookings'),
        moves: total('moves'),
        cancellations: total('cancellations'),
      })}
      table={bookingsPerDayTable(t, data)}
      fileName={fileName}
    >
      {data.length > 0 && (
        <BarChart responsive style={chartStyle} margin={chartMargin} data={data} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" tickFormatter={(date: string) => axisDate(language, date)} />
          <YAxis allowDecimals={false} tickFormatter={(value: number) => formatCount(language, value)} />
          <Tooltip
            labelFormatter={(date) => shortDate(language, String(date))}
            formatter={(value) => formatCount(language, Number(value))}
          />
          <Legend itemSorter={null} />
          {measures.map((measure) => (
            <Bar key={measure} dataKey={measure} name={t(`statistics.columns.${measure}`)} fill={colours[measure]} />
          ))}
        </BarChart>
      )}
    </ChartSection>
  );
}
