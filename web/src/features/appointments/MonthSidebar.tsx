import { Button, HTMLSelect } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addMonths } from '../../../../domain/shared/plain-date';
import { formatDate } from '../../i18n/format';
import { dayOfMonth, firstOfMonth, lastDayOfMonth, monthTitle } from '../../i18n/month';
import { MonthGrid } from '../../shared/month-grid';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { useGetCalendarDatesQuery } from '../calendar-dates';

/** §9: the sidebar covers the current month to December of next year. */
export function sidebarMonths(today: string): string[] {
  const first = firstOfMonth(today);
  const last = `${Number(today.slice(0, 4)) + 1}-12-01`;
  const months: string[] = [];
  for (let month = first; month <= last; month = addMonths(month, 1)) months.push(month);
  return months;
}

interface SidebarDayProps {
  date: string;
  marked: boolean;
  chosen: boolean;
  today: string;
  onChoose: (date: string) => void;
}

/** A day of the sidebar: marked when it has a calendar date, pressed when chosen. */
function SidebarDay({ date, marked, chosen, today, onChoose }: SidebarDayProps) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const classes = [
    'appt-day',
    marked ? 'appt-day-marked' : '',
    chosen ? 'appt-day-chosen' : '',
    date === today ? 'appt-day-today' : '',
  ].filter(Boolean);
  const label = [
    formatDate(language, date),
    marked ? t('appointments.month.hasDate') : '',
    chosen ? t('appointments.month.chosen') : '',
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <td>
      <Button
        className={classes.join(' ')}
        variant="minimal"
        size="small"
        aria-label={label}
        aria-pressed={chosen}
        aria-current={date === today ? 'date' : undefined}
        data-date={date}
        data-marked={marked || undefined}
        onClick={() => onChoose(date)}
      >
        {dayOfMonth(date)}
      </Button>
    </td>
  );
}

interface MonthSidebarProps {
  calendarId: number;
  chosen: string;
  today: string;
  onChoose: (date: string) => void;
}

/**
 * §2.3 the month sidebar of Manage Appointments: one month at a time (Previous, Next or a month from the list), its
 * days with a calendar date marked and the chosen day highlighted; a day opens that day.
 */
export function MonthSidebar({ calendarId, chosen, today, onChoose }: MonthSidebarProps) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const months = sidebarMonths(today);
  const [shown, setShown] = useState(() => firstOfMonth(chosen));
  const [followed, setFollowed] = useState(chosen);
  if (followed !== chosen) {
    // another day was chosen (the address changed): show its month
    setFollowed(chosen);
    setShown(firstOfMonth(chosen));
  }
  const index = months.indexOf(shown);
  const dates = useGetCalendarDatesQuery({ calendarId, startDate: shown, endDate: lastDayOfMonth(shown) });
  const existing = new Map((dates.currentData ?? []).map((date) => [date.date, date]));

  return (
    <nav className="appt-month" aria-label={t('appointments.month.label')}>
      <div className="appt-month-nav">
        <Button
          icon="chevron-left"
          variant="minimal"
          aria-label={t('appointments.month.previous')}
          disabled={index <= 0}
          onClick={() => setShown(months[index - 1] ?? shown)}
        />
        <HTMLSelect
          aria-label={t('appointments.month.choose')}
          value={shown}
          onChange={(event) => setShown(event.currentTarget.value)}
          fill
        >
          {!months.includes(shown) && <option value={shown}>{monthTitle(language, shown)}</option>}
          {months.map((month) => (
            <option key={month} value={month}>
              {monthTitle(language, month)}
            </option>
          ))}
        </HTMLSelect>
        <Button
          icon="chevron-right"
          variant="minimal"
          aria-label={t('appointments.month.next')}
          disabled={index < 0 || index >= months.length - 1}
          onClick={() => setShown(months[index + 1] ?? shown)}
        />
      </div>
      <MonthGrid
        month={shown}
        language={language}
        weeks="fit"
        className="appt-month-table"
        renderDay={({ date }) => (
          <SidebarDay
            date={date}
            marked={existing.has(date)}
            chosen={date === chosen}
            today={today}
            onChoose={onChoose}
          />
        )}
      />
    </nav>
  );
}
