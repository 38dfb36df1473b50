import { Button } from '@blueprintjs/core';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { formatDate } from '../../i18n/format';
import { dayOfMonth, weekdayName } from '../../i18n/month';
import { MonthGrid as Grid, type GridDay } from '../../shared/month-grid';
import { neutralColour, regionColours } from './regions';
import type { DashboardItem } from './types';

export const entryColour = (item: DashboardItem): string =>
  item.location ? regionColours[item.location.officeRegion] : neutralColour;

/** One calendar on one day: its name in its region's colour; a disabled date is struck through and says so. */
function Entry({ item, onOpen }: { item: DashboardItem; onOpen: (item: DashboardItem) => void }) {
  const { t } = useTranslation();
  const classes = ['overview-entry', item.enabled ? '' : 'overview-entry-disabled'].filter(Boolean).join(' ');
  return (
    <li>
      <Button
        className={classes}
        style={{ '--region-colour': entryColour(item) } as CSSProperties}
        variant="minimal"
        size="small"
        alignText="start"
        fill
        icon={item.enabled ? (item.groupSession ? 'people' : undefined) : 'disable'}
        onClick={() => onOpen(item)}
      >
        <span className="overview-entry-name">{item.calendarName}</span>
        {!item.enabled && <span className="visually-hidden"> ({t('dashboard.disabled')})</span>}
      </Button>
    </li>
  );
}

/** A day of the grid: its weekday and number (the weekday shows on a phone) and its calendars. */
function DayCell({
  day,
  weekday,
  today,
  entries,
  onOpen,
}: {
  day: GridDay;
  weekday: number;
  today: string;
  entries: readonly DashboardItem[];
  onOpen: (item: DashboardItem) => void;
}) {
  const language = useAdminLanguage();
  const { date } = day;
  const classes = [
    'overview-day',
    day.inMonth ? '' : 'overview-day-outside',
    date === today ? 'overview-today' : '',
    entries.length === 0 ? 'overview-day-empty' : '',
  ].filter(Boolean);
  return (
    <td className={classes.join(' ')} data-date={date} aria-current={date === today ? 'date' : undefined}>
      <div className="overview-day-label">
        <span className="overview-day-weekday" aria-hidden="true">
          {weekdayName(language, weekday, 'short')}
        </span>
        <span className="overview-day-number" aria-hidden="true">
          {dayOfMonth(date)}
        </span>
        <span className="visually-hidden">{formatDate(language, date)}</span>
      </div>
      {entries.length > 0 && (
        <ul className="overview-entries">
          {entries.map((item) => (
            <Entry key={item.calendarId} item={item} onOpen={onOpen} />
          ))}
        </ul>
      )}
    </td>
  );
}

/**
 * §2.3 / §9 the month grid: 6 rows of 7 days from the Sunday on or before the 1st, each day listing the calendars
 * that have a date that day. Days of the other months are muted. On a phone the grid becomes a list of the month's
 * days that have dates (CSS only: the same table).
 */
export function MonthGrid({
  first,
  today,
  items,
  caption,
  onOpen,
}: {
  first: string;
  today: string;
  items: readonly DashboardItem[];
  caption: string;
  onOpen: (item: DashboardItem) => void;
}) {
  const language = useAdminLanguage();
  const byDate = new Map<string, DashboardItem[]>();
  for (const item of items) byDate.set(item.date, [...(byDate.get(item.date) ?? []), item]);
  for (const list of byDate.values()) list.sort((a, b) => a.calendarName.localeCompare(b.calendarName, language));

  return (
    <div className="overview-grid-scroll">
      <Grid
        month={first}
        language={language}
        weeks="six"
        className="overview-grid"
        bordered
        caption={caption}
        renderDay={(day, weekday) => (
          <DayCell day={day} weekday={weekday} today={today} entries={byDate.get(day.date) ?? []} onOpen={onOpen} />
        )}
      />
    </div>
  );
}
