import { useMemo } from 'react';
import { isPlainDate } from '../../../../domain/shared/plain-date';
import { parseId } from '../../shared/routing/parseId';
import { useQueryParams } from '../../shared/routing/useQueryParams';
import { STATUSES, type MessageStatus, type MessagesRequest } from './types';

const isStatus = (value: string | null): value is MessageStatus =>
  value !== null && (STATUSES as readonly string[]).includes(value);

/**
 * What the screen shows lives in its address (`/admin/messages?date=&status=&page=`, or `?appointment=N` for one
 * appointment's messages), so that a reload or a link from the day view shows the same.
 */
export function useMessagesParams(today: string) {
  const { params, update } = useQueryParams();
  const text = params.toString();
  const request = useMemo<MessagesRequest>(() => {
    const read = new URLSearchParams(text);
    const date = read.get('date');
    const status = read.get('status');
    const page = Number(read.get('page'));
    return {
      date: date !== null && isPlainDate(date) ? date : today,
      appointmentId: parseId(read.get('appointment') ?? undefined),
      status: isStatus(status) ? status : undefined,
      page: Number.isInteger(page) && page > 1 ? page : 1,
    };
  }, [text, today]);
  return {
    request,
    setDate: (date: string) => update({ date, appointment: undefined, page: undefined }),
    setStatus: (status: MessageStatus | undefined) => update({ status, page: undefined }),
    setPage: (page: number) => update({ page: page > 1 ? String(page) : undefined }),
    showDay: () => update({ appointment: undefined, page: undefined }),
  };
}
