import { useTranslation } from 'react-i18next';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { ChartSection } from './ChartSection';
import { formatCount, formatRate } from './statisticsFormat';
import { attendanceTable } from './statisticsTables';
import type { StatisticsResponse } from './types';

/** A figure of the attendance card: a big number over its label. */
function Figure({ value, label }: { value: string; label: string }) {
  return (
    <div className="statistics-figure">
      <span className="statistics-figure-value">{value}</span>
      <span className="statistics-figure-label">{label}</span>
    </div>
  );
}

/** Arrival and no-show rates of the past appointments of the period, from the attendance staff recorded. */
export function AttendanceFigures({ data, fileName }: { data: StatisticsResponse['attendance']; fileName: string }) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const texts = {
    arrivalRate: formatRate(language, data.arrivalRate),
    noShowRate: formatRate(language, data.noShowRate),
    recorded: formatCount(language, data.recorded),
    appointments: formatCount(language, data.appointments),
    arrived: formatCount(language, data.arrived),
    noShows: formatCount(language, data.noShows),
  };
  return (
    <ChartSection
      title={t('statistics.attendance.title')}
      summary={data.recorded > 0 ? t('statistics.attendance.summary', texts) : t('statistics.attendance.none', texts)}
      table={attendanceTable(t, data)}
      fileName={fileName}
    >
      {data.recorded > 0 && (
        <div className="statistics-figures">
          <Figure value={texts.arrivalRate} label={t('statistics.columns.arrivalRate')} />
          <Figure value={texts.noShowRate} label={t('statistics.columns.noShowRate')} />
          <Figure
            value={t('statistics.attendance.recordedOf', texts)}
            label={t('statistics.attendance.recordedLabel')}
          />
        </div>
      )}
    </ChartSection>
  );
}
