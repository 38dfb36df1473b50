import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { shortDate } from '../../shared/dateText';
import { ChartSection } from './ChartSection';
import { chartMargin, chartStyle, colours } from './chartStyle';
import { axisDate, formatCount, formatRate } from './statisticsFormat';
import { utilisationTable } from './statisticsTables';
import type { StatisticsResponse } from './types';

/** Booked over total slots of each clinic day, as a line in percent. */
export function UtilisationChart({ data, fileName }: { data: StatisticsResponse['utilisation']; fileName: string }) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const total = data.reduce((sum, day) => sum + day.totalSlots, 0);
  const booked = data.reduce((sum, day) => sum + day.bookedSlots, 0);
  const summary =
    total > 0
      ? t('statistics.utilisation.summary', {
          rate: formatRate(language, booked / total),
          booked: formatCount(language, booked),
          total: formatCount(language, total),
        })
      : t('statistics.utilisation.none');
  return (
    <ChartSection
      title={t('statistics.utilisation.title')}
      summary={summary}
      table={utilisationTable(t, data)}
      fileName={fileName}
    >
      {total > 0 && (
        <LineChart responsive style={chartStyle} margin={chartMargin} data={data} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" tickFormatter={(date: string) => axisDate(language, date)} />
          <YAxis domain={[0, 1]} tickFormatter={(value: number) => formatRate(language, value)} />
          <Tooltip
            labelFormatter={(date) => shortDate(language, String(date))}
            formatter={(value) => formatRate(language, value === null ? null : Number(value))}
          />
          <Line
            type="monotone"
            dataKey="utilisation"
            name={t('statistics.columns.utilisation')}
            stroke={colours.utilisation}
            strokeWidth={2}
          />
        </LineChart>
      )}
    </ChartSection>
  );
}
