import { Button, Callout, Card, H1, H2, NonIdealState, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { Suspense, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorCode, errorMessage } from '../../shared/errorMessages';
import { useToday } from '../../shared/useToday';
import { formatDate } from '../../i18n/format';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { SelectField } from '../../shared/fields/SelectField';
import { showSuccess } from '../../shared/toaster';
import { isAdmin, useCurrentUser } from '../../shared/currentUser';
import { useGetCalendarDateQuery, type CalendarDate } from '../calendar-dates';
import { useGetCalendarQuery, useGetCalendarsQuery } from '../calendars';
import { WaitlistPanel } from '../waitlist';
import { useBookingParams } from './bookingParams';
import { DaySummary } from './DaySummary';
import { DeleteConfirmation } from './DeleteConfirmation';
import { AppointmentDialog } from './form/AppointmentDialog';
import { NotifyClientCheckbox } from './form/NotifyClientCheckbox';
import { HistoryDialog } from './HistoryDialog';
import { LaneTable } from './LaneTable';
import { MonthSidebar } from './MonthSidebar';
import { PrintDay } from './PrintDay';
import { useSlotActions } from './useSlotActions';
import './appointments.css';

/** Cancel goes back to where the user came from, else to the Calendar Overview. */
function useCancel() {
  const navigate = useNavigate();
  return () => {
    const state: unknown = window.history.state;
    const index =
      typeof state === 'object' && state !== null && 'idx' in state && typeof state.idx === 'number' ? state.idx : 0;
    if (index > 0) void navigate(-1);
    else void navigate('/admin');
  };
}

/**
 * §2.3 /admin/booking?id={calendarId}&date={date}&appointmentId={optional}, Manage Appointments: calendar selector,
 * month sidebar, the day's summary, Refresh, Cancel, Print, one tab per lane with its timeslots and their actions
 * (§4.2), the full-screen appointment form, the history modal and the delete confirmation; under the lanes, the
 * date's waitlist (issue 20 item 6).
 */
export function ManageAppointmentsPage() {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const viewer = useCurrentUser();
  const today = useToday();
  const cancel = useCancel();
  const { calendarId, date, appointmentId, setCalendar, setDate, clearAppointment } = useBookingParams(today);
  const calendars = useGetCalendarsQuery({ enabled: true, excludeGroupSessions: true });
  const calendarQuery = useGetCalendarQuery(calendarId ?? skipToken);
  const dateQuery = useGetCalendarDateQuery(
    calendarId !== undefined ? { calendarId, date, timeslots: true } : skipToken,
    { refetchOnMountOrArgChange: true },
  );
  const actions = useSlotActions({
    calendarId: calendarId ?? 0,
    date,
    refetchDate: async () => {
      const answer = await dateQuery.refetch();
      return answer.data as CalendarDate | undefined;
    },
  });
  const past = date < today;
  const day = dateQuery.currentData;
  const calendar = calendarQuery.currentData;
  const sortedCalendars = useMemo(
    () => [...(calendars.data ?? [])].sort((a, b) => a.name.localeCompare(b.name, language)),
    [calendars.data, language],
  );

  // ?appointmentId= opens that appointment once its day is shown (View of the search results).
  const opened = useRef<number | null>(null);
  useEffect(() => {
    if (appointmentId === undefined || !day || !calendar || opened.current === appointmentId) return;
    for (const lane of day.lanes) {
      const slot = lane.timeslots?.find((candidate) => candidate.appointmentId === appointmentId);
      if (slot) {
        opened.current = appointmentId;
        actions.openAppointment('edit', lane, slot);
        clearAppointment();
        return;
      }
    }
  }, [appointmentId, day, calendar, actions, clearAppointment]);

  async function refresh() {
    const answer = await dateQuery.refetch();
    if (!answer.error) showSuccess(t('appointments.refreshed'));
  }

  const dateCode = errorCode(dateQuery.error);
  const noDate = dateCode === 'CALENDAR_DATE_NOT_FOUND' || dateCode === 'NOT_FOUND';

  return (
    <div className="appt-page">
      <div className="page-heading appt-heading">
        <H1 className="page-title">{t('appointments.title')}</H1>
        <div className="appt-toolbar">
          <Button
            icon="refresh"
            disabled={calendarId === undefined}
            loading={dateQuery.isFetching && !dateQuery.isLoading}
            onClick={() => void refresh()}
          >
            {t('appointments.refresh')}
          </Button>
          <Button icon="print" disabled={!day} onClick={() => window.print()}>
            {t('appointments.print')}
          </Button>
          <Button icon="arrow-left" variant="outlined" onClick={cancel}>
            {t('appointments.cancel')}
          </Button>
        </div>
      </div>
      <div className="appt-layout">
        <aside className="appt-sidebar">
          <SelectField
            label={t('appointments.calendar')}
            value={calendarId === undefined ? '' : String(calendarId)}
            placeholder={t('appointments.chooseCalendar')}
            choices={sortedCalendars.map((choice) => ({ value: String(choice.id), label: choice.name }))}
            onValueChange={(value) => value !== '' && setCalendar(Number(value))}
          />
          {calendarId !== undefined && (
            <MonthSidebar calendarId={calendarId} chosen={date} today={today} onChoose={setDate} />
          )}
        </aside>
        <section className="appt-day" aria-labelledby="appt-day-title">
          {calendarId === undefined ? (
            <NonIdealState icon="calendar" title={t('appointments.noCalendar')} />
          ) : (
            <>
              <H2 id="appt-day-title" className="appt-day-title">
                {calendar ? `${calendar.name} · ` : ''}
                {formatDate(language, date)}
                {dateQuery.isFetching && (
                  <Spinner className="appt-spinner" size={16} aria-label={t('appointments.loading')} />
                )}
              </H2>
              {(actions.failure || actions.unavailable) && (
                <Callout intent="danger" role="alert" className="form-callout">
                  <p>
                    {actions.unavailable
                      ? t('appointments.unavailable')
                      : t(`appointments.failedTo.${actions.failedTo}`, { message: errorMessage(t, actions.failure) })}
                  </p>
                  <Button size="small" onClick={actions.dismiss}>
                    {t('appointments.dismiss')}
                  </Button>
                </Callout>
              )}
              {actions.holding && (
                <Callout
                  intent="primary"
                  icon={actions.holding.kind === 'copy' ? 'duplicate' : 'move'}
                  className="form-callout appt-holding"
                >
                  <p>{t(`appointments.clipboard.${actions.holding.kind}`, { clients: actions.holdingClients })}</p>
                  {actions.holding.kind === 'move' && (
                    <NotifyClientCheckbox
                      hasEmail={actions.holding.appointment.email !== ''}
                      checked={actions.holding.notifyClient}
                      onChange={actions.notifyOnPaste}
                    />
                  )}
                  <Button size="small" onClick={actions.clearHolding}>
                    {t('appointments.clipboard.clear')}
                  </Button>
                </Callout>
              )}
              {noDate ? (
                <NonIdealState
                  icon="calendar"
                  title={t('appointments.noDate')}
                  description={t('appointments.noDateHint')}
                />
              ) : dateQuery.error || calendarQuery.error ? (
                <Callout intent="danger" role="alert">
                  {dateQuery.error
                    ? t('appointments.failedTo.fetchDate', { message: errorMessage(t, dateQuery.error) })
                    : errorMessage(t, calendarQuery.error)}
                </Callout>
              ) : !day || !calendar ? (
                <Spinner size={32} aria-label={t('appointments.loading')} />
              ) : (
                <>
                  {past && (
                    <Callout intent="warning" className="form-callout">
                      {t('appointments.past')}
                    </Callout>
                  )}
                  <DaySummary date={day} />
                  <Card className="appt-lanes">
                    <Tabs id="appt-lanes" renderActiveTabPanelOnly>
                      {day.lanes.map((lane) => (
                        <Tab
                          key={lane.id}
                          id={lane.id}
                          title={lane.name}
                          panel={
                            <LaneTable
                              lane={lane}
                              busy={actions.busy}
                              context={{ past, admin: isAdmin(viewer), holding: actions.holding !== null }}
                              onAction={actions.run}
                            />
                          }
                        />
                      ))}
                    </Tabs>
                  </Card>
                  <Suspense fallback={null}>
                    <WaitlistPanel address={{ calendarId: calendar.id, date }} />
                  </Suspense>
                  <PrintDay calendarName={calendar.name} date={day} />
                </>
              )}
            </>
          )}
        </section>
      </div>
      {actions.session && calendar && (
        <AppointmentDialog session={actions.session} calendar={calendar} today={today} onClose={actions.closeForm} />
      )}
      <HistoryDialog appointmentId={actions.historyId} onClose={actions.closeHistory} />
      <DeleteConfirmation
        isOpen={actions.confirming}
        pendingDelete={actions.pendingDelete}
        deleting={actions.deleting}
        onConfirm={actions.confirmDelete}
        onCancel={actions.cancelDelete}
      />
    </div>
  );
}
