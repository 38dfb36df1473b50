import { useEffect } from 'react';
import { isPlainDate } from '../../../../domain/shared/plain-date';
import { parseId } from '../../shared/routing/parseId';
import { useQueryParams } from '../../shared/routing/useQueryParams';

/**
 * The state of Manage Appointments lives in its address (§2.3 `/admin/booking?id=&date=&appointmentId=`), so that a
 * reload or a link restores the calendar and the day. Changes replace the entry: Cancel goes back to where the user
 * came from, not to the previous day.
 */
export function useBookingParams(today: string) {
  const { params, update } = useQueryParams();
  const calendarId = parseId(params.get('id') ?? undefined);
  const dateText = params.get('date');
  const date = dateText !== null && isPlainDate(dateText) ? dateText : today;
  const appointmentId = parseId(params.get('appointmentId') ?? undefined);
  // The calendar list links with the calendar only: the day shown (today) goes into the address too.
  const missingDate = calendarId !== undefined && date !== dateText;
  useEffect(() => {
    if (missingDate) update({ date });
  });
  return {
    calendarId,
    date,
    appointmentId,
    setCalendar: (id: number) => update({ id: String(id), date, appointmentId: undefined }),
    setDate: (next: string) => update({ date: next, appointmentId: undefined }),
    clearAppointment: () => update({ appointmentId: undefined }),
  };
}
