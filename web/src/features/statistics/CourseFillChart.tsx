import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { shortDate } from '../../shared/dateText';
import { ChartSection } from './ChartSection';
import { chartMargin, colours } from './chartStyle';
import { formatCount, formatRate } from './statisticsFormat';
import { courseFillTable } from './statisticsTables';
import type { StatisticsResponse } from './types';

/** How full each course (group-session series) starting in the period is: one horizontal bar a series. */
export function CourseFillChart({ data, fileName }: { data: StatisticsResponse['courseFill']; fileName: string }) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const bars = data.map((series) => ({
    ...series,
    label: series.firstDate ? `${series.calendarName} (${shortDate(language, series.firstDate)})` : series.calendarName,
  }));
  const capacity = data.reduce((sum, series) => sum + series.capacity, 0);
  const registered = data.reduce((sum, series) => sum + series.registered, 0);
  const summary =
    data.length > 0
      ? t('statistics.courseFill.summary', {
          count: data.length,
          series: formatCount(language, data.length),
          rate: formatRate(language, capacity > 0 ? registered / capacity : null),
          registered: formatCount(language, registered),
          capacity: formatCount(language, capacity),
        })
      : t('statistics.courseFill.none');
  return (
    <ChartSection
      title={t('statistics.courseFill.title')}
      summary={summary}
      table={courseFillTable(t, data)}
      fileName={fileName}
    >
      {data.length > 0 && (
        <BarChart
          responsive
          layout="vertical"
          style={{ width: '100%', height: 60 + 36 * data.length }}
          margin={chartMargin}
          data={bars}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" domain={[0, 1]} tickFormatter={(value: number) => formatRate(language, value)} />
          <YAxis type="category" dataKey="label" width={220} />
          <Tooltip formatter={(value) => formatRate(language, value === null ? null : Number(value))} />
          <Bar dataKey="fillRate" name={t('statistics.columns.fillRate')} fill={colours.fill} />
        </BarChart>
      )}
    </ChartSection>
  );
}
