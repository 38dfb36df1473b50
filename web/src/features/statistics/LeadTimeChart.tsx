import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { ChartSection } from './ChartSection';
import { chartMargin, chartStyle, colours } from './chartStyle';
import { formatCount } from './statisticsFormat';
import { leadTimeTable } from './statisticsTables';
import type { StatisticsResponse } from './types';

/** Days from booking to appointment, in bands: one bar a band, every band shown. */
export function LeadTimeChart({ data, fileName }: { data: StatisticsResponse['leadTime']; fileName: string }) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const table = leadTimeTable(t, data);
  const bars = table.rows.map(([band, bookings]) => ({ band: String(band), bookings: Number(bookings) }));
  const total = bars.reduce((sum, bar) => sum + bar.bookings, 0);
  const mostOften = bars.reduce((best, bar) => (bar.bookings > best.bookings ? bar : best), bars[0]!);
  const summary =
    total > 0
      ? t('statistics.leadTime.summary', {
          count: total,
          total: formatCount(language, total),
          band: mostOften.band,
          bookings: formatCount(language, mostOften.bookings),
        })
      : t('statistics.leadTime.none');
  return (
    <ChartSection title={t('statistics.leadTime.title')} summary={summary} table={table} fileName={fileName}>
      {total > 0 && (
        <BarChart responsive style={chartStyle} margin={chartMargin} data={bars} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="band" />
          <YAxis allowDecimals={false} tickFormatter={(value: number) => formatCount(language, value)} />
          <Tooltip formatter={(value) => formatCount(language, Number(value))} />
          <Bar dataKey="bookings" name={t('statistics.columns.bookings')} fill={colours.leadTime} />
        </BarChart>
      )}
    </ChartSection>
  );
}
