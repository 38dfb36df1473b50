import { useMemo } from 'react';
import { dateWindow } from '../../../../domain/calendar-dates/calendar-date';
import type { Calendar } from '../calendars';
import type { ToolContext } from './dateTool';
import type { CalendarDate } from './types';

/** What the tool's rules read (the dates by day, the §9 window, the kind of calendar) and a stamp of the dates' answer. */
export function useToolContext(calendar: Calendar, dates: CalendarDate[], today: string) {
  const limits = useMemo(() => dateWindow(today), [today]);
  const context: ToolContext = useMemo(
    () => ({
      existing: new Map(dates.map((date) => [date.date, date])),
      window: limits,
      groupSession: calendar.groupSession,
    }),
    [dates, limits, calendar.groupSession],
  );
  // One stamp per answer of the dates query: the months re-render when the dates or the tool's state change.
  const dataStamp = useMemo(
    () =>
      `${dates.length}:${dates.map((date) => `${date.date}${date.enabled ? '+' : '-'}${date.appointmentCount}`).join(',')}`,
    [dates],
  );
  return { limits, context, dataStamp };
}
