import { Button } from '@blueprintjs/core';
import { memo } from 'react';
import type { Language } from '../../i18n/languages';
import { dayOfMonth, monthTitle } from '../../i18n/month';
import { MonthGrid as Grid } from '../../shared/month-grid';

/** How one day of the grid looks and acts. */
export interface DayView {
  /** 'enabled' or 'disabled' for an existing calendar date, 'free' for none. */
  kind: 'enabled' | 'disabled' | 'free';
  /** 'source' (Add, Edit, the sources of Move and Copy) or 'target' (Move and Copy targets) when chosen. */
  chosen: 'source' | 'target' | null;
  /** The place of a chosen date in its list, shown on Move and Copy (source n goes to target n). */
  order: number | null;
  clickable: boolean;
  past: boolean;
  today: boolean;
  label: string;
  /** Whether the day is a toggle (a choosing mode) rather than a link to the date's editor. */
  toggle: boolean;
}

interface MonthGridProps {
  month: string;
  language: Language;
  /** Changes whenever any day's view may have changed, so that a month re-renders only then. */
  version: string;
  view: (date: string) => DayView;
  onDay: (date: string) => void;
}

/** One day of the dates tool: a Blueprint button, its number and, on Move, its place in its list. */
function DayCell({ date, day, onDay }: { date: string; day: DayView; onDay: (date: string) => void }) {
  const classes = [
    'cd-day',
    `cd-day-${day.kind}`,
    day.chosen ? `cd-day-chosen cd-day-${day.chosen}` : '',
    day.past ? 'cd-day-past' : '',
    day.today ? 'cd-day-today' : '',
  ].filter(Boolean);
  return (
    <td>
      <Button
        className={classes.join(' ')}
        variant="minimal"
        disabled={!day.clickable}
        aria-label={day.label}
        aria-pressed={day.toggle ? day.chosen !== null : undefined}
        aria-current={day.today ? 'date' : undefined}
        data-date={date}
        data-kind={day.kind}
        data-chosen={day.chosen ?? undefined}
        onClick={() => onDay(date)}
      >
        <span className="cd-day-number">{dayOfMonth(date)}</span>
        {day.order !== null && <span className="cd-day-order">{day.order}</span>}
      </Button>
    </td>
  );
}

/** One month of the dates tool: a table of weeks, Sunday first, each day a Blueprint button. */
export const MonthGrid = memo(
  function MonthGrid({ month, language, view, onDay }: MonthGridProps) {
    const title = monthTitle(language, month);
    return (
      <section className="cd-month" aria-label={title}>
        <h2 className="cd-month-title">{title}</h2>
        <Grid
          month={month}
          language={language}
          weeks="fit"
          className="cd-month-table"
          renderDay={({ date }) => <DayCell date={date} day={view(date)} onDay={onDay} />}
        />
      </section>
    );
  },
  (before, after) =>
    before.version === after.version && before.month === after.month && before.language === after.language,
);
