import { H2, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '../../i18n/format';
import { useAdminLanguage } from '../../shared/adminLanguage';
import type { SessionDate } from './types';

/** §2.3 the session dates of a series: date, time and duration (in minutes). */
export function SessionDatesTable({ dates }: { dates: SessionDate[] }) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const label = (key: 'date' | 'time' | 'duration') => t(`groupSessionSeries.detail.columns.${key}`);
  return (
    <section className="gss-section" aria-labelledby="gss-session-dates">
      <H2 id="gss-session-dates" className="card-title">
        {t('groupSessionSeries.detail.sessionDates')}
      </H2>
      {dates.length === 0 ? (
        <p>{t('groupSessionSeries.detail.noSessionDates')}</p>
      ) : (
        <HTMLTable className="admin-table responsive-table gss-table" aria-labelledby="gss-session-dates">
          <thead>
            <tr>
              <th scope="col">{label('date')}</th>
              <th scope="col">{label('time')}</th>
              <th scope="col">{label('duration')}</th>
            </tr>
          </thead>
          <tbody>
            {dates.map((session) => (
              <tr key={`${session.date}-${session.time}`}>
                <th scope="row" data-label={label('date')}>
                  {formatDate(language, session.date)}
                </th>
                <td data-label={label('time')}>{formatTime(language, session.time)}</td>
                <td data-label={label('duration')}>
                  {t('groupSessionSeries.detail.minutes', { count: Math.round(session.duration / 60) })}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </section>
  );
}
