import { Button } from '@blueprintjs/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/format';
import type { Language } from '../../i18n/languages';
import { useGetWaitlistTargetsQuery } from './waitlistApi';
import { WaitlistTargetList } from './WaitlistTargetList';

interface WaitlistDatesProps {
  serviceId: number;
  calendarId: number;
  /** The length of the appointment wanted, in seconds. */
  duration: number;
  language: Language;
}

/**
 * Issue 20 item 6: under a clinic's dates, 'No time that suits you? Join the waitlist for a full date', which lists
 * the dates of the booking window with no free time of the length wanted, each with Join the waitlist.
 */
export function WaitlistDates({ serviceId, calendarId, duration, language }: WaitlistDatesProps) {
  const { t } = useTranslation();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const query = useGetWaitlistTargetsQuery({ serviceId, calendarId, duration }, { refetchOnMountOrArgChange: true });
  const dates = query.data?.dates ?? [];
  if (dates.length === 0 || query.error) return null;

  const length = t('waitlist.form.length', { count: Math.round(duration / 60) });
  const items = dates.map((date) => {
    const day = formatDate(language, date);
    return {
      key: date,
      target: { date, duration },
      title: <strong>{day}</strong>,
      joinLabel: t('waitlist.dates.joinFor', { date: day }),
      description: `${t('waitlist.form.forDate', { date: day })} · ${length}`,
    };
  });
  return (
    <section className="waitlist-targets">
      <Button
        className="waitlist-entry"
        variant="minimal"
        icon="notifications"
        endIcon={open ? 'chevron-up' : 'chevron-down'}
        alignText="start"
        fill
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((shown) => !shown)}
      >
        {t('waitlist.dates.entry')}
      </Button>
      <div id={listId} hidden={!open}>
        <p className="booking-hint">{t('waitlist.dates.intro')}</p>
        <WaitlistTargetList items={items} serviceId={serviceId} calendarId={calendarId} spots={1} language={language} />
      </div>
    </section>
  );
}
