import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/format';
import { useAdminLanguage } from '../../shared/adminLanguage';
import type { Series } from './types';

/** The figures of a series (§3 Series): its dates, deadline, spots, spots available and registrations. */
export function SeriesSummary({ series }: { series: Series }) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const label = (key: 'startDate' | 'endDate' | 'deadline' | 'spots' | 'spotsAvailable' | 'registrationCount') =>
    t(`groupSessionSeries.list.columns.${key}`);
  const figures: [string, string][] = [
    [label('startDate'), formatDate(language, series.startDate)],
    [label('endDate'), formatDate(language, series.endDate)],
    [label('deadline'), formatDate(language, series.deadline)],
    [label('spots'), String(series.spots)],
    [label('spotsAvailable'), String(series.spotsAvailable)],
    [label('registrationCount'), String(series.registrationCount)],
  ];
  return (
    <dl className="gss-summary" aria-label={t('groupSessionSeries.detail.summary')}>
      {figures.map(([name, value]) => (
        <div key={name} className="gss-figure">
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
