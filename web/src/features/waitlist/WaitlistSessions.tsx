import { H3, NonIdealState } from '@blueprintjs/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/format';
import type { Language } from '../../i18n/languages';
import { PageSpinner } from '../../shared/states/PageSpinner';
import { sessionLines } from './sessionLines';
import { useGetWaitlistTargetsQuery } from './waitlistApi';
import { WaitlistTargetList } from './WaitlistTargetList';

interface WaitlistSessionsProps {
  serviceId: number;
  calendarId: number;
  spots: number;
  language: Language;
  /** The course has no session with the spots asked: without full ones either, say there are no dates. */
  none: boolean;
}

/** Issue 20 item 6: a course's full sessions under its open ones, each with Join the waitlist. */
export function WaitlistSessions({ serviceId, calendarId, spots, language, none }: WaitlistSessionsProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const query = useGetWaitlistTargetsQuery({ serviceId, calendarId, spots }, { refetchOnMountOrArgChange: true });
  const sessions = query.data?.sessions ?? [];
  if (query.isLoading) return none ? <PageSpinner /> : null;
  if (sessions.length === 0 || query.error)
    return none ? <NonIdealState className="page-state" icon="calendar" title={t('booking.date.none')} /> : null;

  const items = sessions.map((session) => {
    const first = session.sessionDates[0];
    const starts = first ? formatDate(language, first.date) : '';
    return {
      key: String(session.seriesId),
      target: { seriesId: session.seriesId },
      title: <strong>{t('booking.session.starts', { date: starts })}</strong>,
      details: (
        <ul className="booking-session-dates">
          {sessionLines(t, language, session.sessionDates).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ),
      joinLabel: t('waitlist.sessions.joinFor', { date: starts }),
      description: `${t('waitlist.form.forSession', { date: starts })} · ${t('waitlist.form.spots', { count: spots })}`,
    };
  });
  return (
    <section className="waitlist-targets" aria-labelledby={headingId}>
      <H3 id={headingId} className="waitlist-title">
        {t('waitlist.sessions.title')}
      </H3>
      <p className="booking-hint">{t('waitlist.sessions.intro')}</p>
      <WaitlistTargetList
        items={items}
        serviceId={serviceId}
        calendarId={calendarId}
        spots={spots}
        language={language}
      />
    </section>
  );
}
