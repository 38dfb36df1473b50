import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '../../i18n/format';
import type { Language } from '../../i18n/languages';
import type { ManagedBooking } from './types';
import { useWizardParts } from './useWizardParts';

/** The booking as its client sees it: code, service, when, where and the clients' first names, nothing more. */
export function BookingDetails({ booking, language }: { booking: ManagedBooking; language: Language }) {
  const { t } = useTranslation();
  const { addressLine } = useWizardParts();
  const hours = (start: string, end: string) =>
    t('selfService.booking.timeRange', { start: formatTime(language, start), end: formatTime(language, end) });
  const rows: [string, ReactNode][] = [[t('selfService.booking.code'), booking.confirmationCode]];
  if (booking.service) rows.push([t('selfService.booking.service'), booking.service.title]);
  if (booking.groupSession) {
    rows.push([
      t('selfService.booking.sessions'),
      <ul key="sessions" className="booking-session-dates">
        {booking.sessions.map((session) => (
          <li key={`${session.date}-${session.startTime}`}>
            {t('booking.session.dateLine', {
              date: formatDate(language, session.date),
              start: formatTime(language, session.startTime),
              end: formatTime(language, session.endTime),
            })}
          </li>
        ))}
      </ul>,
    ]);
  } else {
    rows.push([t('selfService.booking.date'), formatDate(language, booking.date)]);
    rows.push([t('selfService.booking.time'), hours(booking.startTime, booking.endTime)]);
  }
  const { location } = booking;
  if (location) {
    const where = location.isVirtual ? t('selfService.booking.online') : addressLine(location);
    rows.push([
      t('selfService.booking.place'),
      [location.name, where].filter(Boolean).map((line) => (
        <span key={line} className="booking-choice-title">
          {line}
        </span>
      )),
    ]);
  }
  if (booking.firstNames.length > 0)
    rows.push([t('selfService.booking.clients', { count: booking.firstNames.length }), booking.firstNames.join(', ')]);
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
