import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { parseId } from '../../shared/routing/parseId';
import { RecordFormLoader } from '../../shared/forms/RecordFormLoader';
import { CalendarForm } from './CalendarForm';
import type { CalendarFormMode } from './calendarForm';
import { useGetCalendarQuery } from './calendarsApi';

/**
 * §2.3 /admin/calendars/new, /{id}/edit and /{id}/copy. An edit or a copy starts from the calendar as the server
 * has it now: fetched again on opening, the form waits for that answer rather than a cached one.
 */
export function CalendarFormPage({ mode }: { mode: CalendarFormMode }) {
  const { t } = useTranslation();
  const rawId = useParams().id;
  const id = mode === 'new' ? undefined : parseId(rawId);
  const [openedAt] = useState(() => Date.now());
  const { data, error, fulfilledTimeStamp } = useGetCalendarQuery(id ?? skipToken, { refetchOnMountOrArgChange: true });
  const fresh = data !== undefined && fulfilledTimeStamp !== undefined && fulfilledTimeStamp >= openedAt;
  const title = t(`calendarForm.${mode}Title`);

  if (mode === 'new') return <CalendarForm key="new" mode="new" calendar={undefined} title={title} />;
  return (
    <RecordFormLoader
      title={title}
      id={id}
      record={fresh ? data : undefined}
      error={error}
      isLoading={!fresh && !error}
      notFoundCode="CALENDAR_NOT_FOUND"
      listPath="/admin/calendars"
      backText={t('calendarForm.backToList')}
    >
      {(calendar) => <CalendarForm key={`${mode}-${calendar.id}`} mode={mode} calendar={calendar} title={title} />}
    </RecordFormLoader>
  );
}
