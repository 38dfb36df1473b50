import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '../../i18n/format';
import type { Language } from '../../i18n/languages';
import type { PublicService } from './serviceTypes';
import { addressLine } from './LocationText';
import { SessionDates } from './SessionDates';
import type { PublicCalendar } from './types';
import type { WizardState } from './wizardState';

interface BookingSummaryProps {
  service: PublicService;
  calendar: PublicCalendar | undefined;
  state: WizardState;
  language: Language;
  clients?: { firstName: string; lastName: string }[];
}

/** What is being booked: service, clinic, address, date and time (or the session's dates), and the clients. */
export function BookingSummary({ service, calendar, state, language, clients }: BookingSummaryProps) {
  const { t } = useTranslation();
  const rows: [string, React.ReactNode][] = [[t('booking.summary.service'), service.title]];
  if (calendar)
    rows.push([t('booking.summary.clinic'), [calendar.name, calendar.location?.name].filter(Boolean).join(' — ')]);
  const address = addressLine(calendar?.location ?? null);
  if (address) rows.push([t('booking.summary.address'), address]);
  if (state.session) {
    rows.push([
      t('booking.summary.sessions'),
      <SessionDates key="dates" dates={state.session.sessionDates} language={language} />,
    ]);
  } else if (state.date) {
    rows.push([t('booking.summary.date'), formatDate(language, state.date)]);
    if (state.timeslot) rows.push([t('booking.summary.time'), formatTime(language, state.timeslot.time)]);
  }
  if (clients && clients.length > 0)
    rows.push([
      t('booking.summary.clients', { count: clients.length }),
      clients.map((client) => `${client.firstName} ${client.lastName}`).join(', '),
    ]);
  return (
    <dl className="booking-summary">
      {rows.map(([term, detail]) => (
        <div key={term} className="booking-summary-row">
          <dt>{term}</dt>
          <dd>{detail}</dd>
        </div>
      ))}
    </dl>
  );
}
