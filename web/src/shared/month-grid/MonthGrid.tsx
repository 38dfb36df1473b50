import { HTMLTable } from '@blueprintjs/core';
import { Fragment, type ReactNode } from 'react';
import type { Language } from '../../i18n/languages';
import { weekdayName, WEEK_ORDER } from '../../i18n/month';
import { monthWeeks, type GridDay, type GridWeeks } from './weeks';

interface MonthGridProps {
  /** The month, as its first day. */
  month: string;
  language: Language;
  /** 'fit': the weeks holding the month's days, other months' days left blank; 'six': 6 weeks, every day given to renderDay. */
  weeks: GridWeeks;
  className: string;
  /** Blueprint's bordered HTMLTable rather than a plain table. */
  bordered?: boolean;
  /** A caption for screen readers only. */
  caption?: string;
  /** One day's cell: a `<td>`. */
  renderDay: (day: GridDay, weekday: number) => ReactNode;
}

/** A month as a table of weeks, Sunday first, under a row of weekday names (short, their long name as `abbr`). */
export function MonthGrid({ month, language, weeks, className, bordered = false, caption, renderDay }: MonthGridProps) {
  const content = (
    <>
      {caption !== undefined && <caption className="visually-hidden">{caption}</caption>}
      <thead>
        <tr>
          {WEEK_ORDER.map((weekday) => (
            <th key={weekday} scope="col" abbr={weekdayName(language, weekday, 'long')}>
              {weekdayName(language, weekday, 'short')}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(month, weeks).map((week) => (
          <tr key={week[0]!.date}>
            {week.map((day, weekday) => (
              <Fragment key={day.date}>{weeks === 'fit' && !day.inMonth ? <td /> : renderDay(day, weekday)}</Fragment>
            ))}
          </tr>
        ))}
      </tbody>
    </>
  );
  return bordered ? (
    <HTMLTable className={className} bordered>
      {content}
    </HTMLTable>
  ) : (
    <table className={className}>{content}</table>
  );
}
