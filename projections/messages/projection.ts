import type { Knex } from 'knex';
import type { CalendarSettings } from '../../domain/calendars/calendar';
import type { CalendarEvent } from '../../domain/calendars/events';
import type { DateLane } from '../../domain/calendar-dates/calendar-date';
import type { CalendarDateEvent } from '../../domain/calendar-dates/events';
import type { GroupSessionSeriesEvent } from '../../domain/group-session-series/events';
import { assertNever, type DomainEvent } from '../../domain/shared/decider';
import { todayIn } from '../../domain/shared/plain-date';
import type { Projection } from '../runner/projection';
import { cancelPending, queueMessages } from './queue-writes';
import { scheduleSettingsFromEnvironment, type ScheduleSettings } from './schedule-settings';
import {
  remindersDiffer,
  placeDiffers,
  scheduledAppointment,
  type Place,
  type ScheduledAppointment,
} from './scheduled-appointment';
import {
  deleteAppointment,
  deleteSession,
  firstSessions,
  loadAppointments,
  loadCalendars,
  saveAppointments,
  saveCalendar,
  saveSession,
  sessionSeries,
} from './schedule-tables';
import {
  CANCELLED_BECAUSE,
  dateMoveNotice,
  insideReminderPeriod,
  wantedNotice,
  wantedReminders,
  type CalendarMessaging,
  type QueueRow,
} from './wanted-messages';

const handled = [
  'CalendarCreated',
  'CalendarUpdated',
  'CalendarDateAdded',
  'CalendarDateUpdated',
  'CalendarDateDeleted',
  'CalendarDateMovedAway',
  'CalendarDateMovedHere',
  'AppointmentBooked',
  'AppointmentChanged',
  'AppointmentCancelled',
  'AppointmentMovedHere',
  'ClientRegistered',
  'ClientUnregistered',
] as const;
type Handled = Extract<CalendarEvent | CalendarDateEvent | GroupSessionSeriesEvent, { type: (typeof handled)[number] }>;

const messagingSettings = ['emailsEnabled', 'reminderTemplateId', 'reminderThreshold', 'extraReminderDays'] as const;

const messagingOf = (calendarId: number, settings: Partial<CalendarSettings>, base: CalendarMessaging) => ({
  calendarId,
  emailsEnabled: settings.emailsEnabled ?? base.emailsEnabled,
  reminderTemplateId: settings.reminderTemplateId !== undefined ? settings.reminderTemplateId : base.reminderTemplateId,
  reminderThreshold: settings.reminderThreshold !== undefined ? settings.reminderThreshold : base.reminderThreshold,
  extraReminderDays: settings.extraReminderDays ?? base.extraReminderDays,
});

/** A session's hours: from its lanes' first opening to their last closing (as the series' dates show them). */
function hoursOf(lanes: readonly DateLane[]): { startTime: string; endTime: string } | null {
  if (lanes.length === 0) return null;
  return {
    startTime: lanes.map((lane) => lane.startTime).reduce((a, b) => (b < a ? b : a)),
    endTime: lanes.map((lane) => lane.endTime).reduce((a, b) => (b > a ? b : a)),
  };
}

const noPlace: Place = { date: null, startTime: null, endTime: null };

/**
 * One batch's scheduling. Bookings and registrations (most of a busy log) gather and are written a statement each
 * per kind; any other event first writes what has gathered, so that the order of the log holds.
 */
class Schedule {
  private calendars = new Map<number, CalendarMessaging | undefined>();
  private sessions = new Map<number, Place>();
  private booked: ScheduledAppointment[] = [];
  private queued: QueueRow[] = [];
  private wake = false;

  constructor(
    private readonly trx: Knex.Transaction,
    private readonly settings: ScheduleSettings,
    /** False in an auditor's replay (projections/audit-replay), whose search path holds its own schema alone. */
    private readonly queueReachable: boolean,
  ) {}

  private async queue(rows: QueueRow[]): Promise<void> {
    if (this.queueReachable && (await queueMessages(this.trx, rows))) this.wake = true;
  }

  private async cancel(
    appointmentIds: number[],
    keep: string[],
    reason: string,
    at: string,
    aheadOf?: string,
  ): Promise<void> {
    if (this.queueReachable) await cancelPending(this.trx, appointmentIds, keep, reason, at, aheadOf);
  }

  private async calendar(calendarId: number): Promise<CalendarMessaging | undefined> {
    if (!this.calendars.has(calendarId)) {
      const [found] = await loadCalendars(this.trx, [calendarId]);
      this.calendars.set(calendarId, found);
    }
    return this.calendars.get(calendarId);
  }

  private async firstSession(seriesId: number): Promise<Place> {
    if (!this.sessions.has(seriesId))
      this.sessions.set(seriesId, (await firstSessions(this.trx, [seriesId])).get(seriesId) ?? noPlace);
    return this.sessions.get(seriesId)!;
  }

  /** A new appointment or registration: its reminders, those inside the reminder period already skipped. */
  private async add(appointment: ScheduledAppointment, at: string): Promise<void> {
    const calendar = await this.calendar(appointment.calendarId);
    this.booked.push(appointment);
    this.queued.push(...wantedReminders(appointment, calendar, this.settings, at, insideReminderPeriod('booked')));
  }

  async flush(): Promise<void> {
    if (this.booked.length === 0 && this.queued.length === 0) return;
    await saveAppointments(this.trx, this.booked);
    await this.queue(this.queued);
    this.booked = [];
    this.queued = [];
  }

  /** Moves appointments' reminders to what they are now: the old ones cancelled, the new ones queued. */
  private async reschedule(
    appointments: ScheduledAppointment[],
    at: string,
    cancelled: string,
    whenPast: string | null,
    notices: QueueRow[] = [],
  ): Promise<void> {
    const rows: QueueRow[] = [];
    for (const appointment of appointments)
      rows.push(
        ...wantedReminders(appointment, await this.calendar(appointment.calendarId), this.settings, at, whenPast),
      );
    const ids = appointments.map((appointment) => appointment.appointmentId);
    // A calendar's change (whenPast null) leaves reminders whose time has come to the sender.
    const keep = rows.map((row) => row.messageKey);
    await this.cancel(ids, keep, cancelled, at, whenPast === null ? at : undefined);
    await saveAppointments(this.trx, appointments);
    await this.queue([...rows, ...notices]);
  }

  /** Staff changed or moved one appointment: reschedule when its place or contact changed; notify of a move. */
  private async change(
    before: ScheduledAppointment | undefined,
    after: ScheduledAppointment,
    at: string,
    notifyClient: boolean | undefined,
    moved: boolean,
  ): Promise<void> {
    if (!before) return this.add(after, at).then(() => this.flush());
    const placeChanged = moved || placeDiffers(before, after);
    if (!placeChanged && !remindersDiffer(before, after)) return saveAppointments(this.trx, [after]);
    const notice = placeChanged
      ? wantedNotice('moved', after, await this.calendar(after.calendarId), notifyClient, at)
      : null;
    await this.reschedule(
      [after],
      at,
      placeChanged ? CANCELLED_BECAUSE.moved : CANCELLED_BECAUSE.changed,
      insideReminderPeriod(placeChanged ? 'moved' : 'changed'),
      notice ? [notice] : [],
    );
  }

  private async remove(
    appointmentId: number,
    at: string,
    cancelled: string,
    notice: { notifyClient: boolean | undefined } | null,
  ): Promise<void> {
    const [before] = await loadAppointments(this.trx, { appointmentIds: [appointmentId] });
    await this.cancel([appointmentId], [], cancelled, at);
    if (!before) return;
    await deleteAppointment(this.trx, appointmentId);
    const row =
      notice && wantedNotice('cancelled', before, await this.calendar(before.calendarId), notice.notifyClient, at);
    if (row) await this.queue([row]);
  }

  /** A series' dates changed: its registrations follow its first session. */
  private async sessionsChanged(seriesId: number, at: string): Promise<void> {
    this.sessions.delete(seriesId);
    const first = await this.firstSession(seriesId);
    const registrations = await loadAppointments(this.trx, { seriesId });
    const moved = registrations.filter((registration) => placeDiffers(registration, first));
    if (moved.length === 0) return;
    await this.reschedule(
      moved.map((registration) => ({ ...registration, ...first })),
      at,
      CANCELLED_BECAUSE.moved,
      insideReminderPeriod('moved'),
    );
  }

  async apply(event: Handled): Promise<void> {
    if (event.type === 'AppointmentBooked') {
      const { appointmentId, calendarId, date, startTime, endTime, appointment, confirmationCode, at } = event.data;
      const ids = { appointmentId, calendarId, seriesId: null, version: 1 };
      return this.add(scheduledAppointment(ids, { date, startTime, endTime }, appointment, confirmationCode), at);
    }
    if (event.type === 'ClientRegistered') {
      const { appointmentId, calendarId, seriesId, appointment, confirmationCode, at } = event.data;
      const ids = { appointmentId, calendarId, seriesId, version: 1 };
      const first = await this.firstSession(seriesId);
      return this.add(scheduledAppointment(ids, first, appointment, confirmationCode), at);
    }
    await this.flush();
    switch (event.type) {
      case 'CalendarCreated': {
        const { calendarId, settings } = event.data;
        const calendar = messagingOf(calendarId, settings, {
          calendarId,
          emailsEnabled: false,
          reminderTemplateId: null,
          reminderThreshold: null,
          extraReminderDays: [],
        });
        this.calendars.set(calendarId, calendar);
        return saveCalendar(this.trx, calendar);
      }
      case 'CalendarUpdated': {
        const { calendarId, changes, at } = event.data;
        if (!messagingSettings.some((field) => field in changes)) return;
        const before = await this.calendar(calendarId);
        if (!before) return;
        const calendar = messagingOf(calendarId, changes, before);
        this.calendars.set(calendarId, calendar);
        await saveCalendar(this.trx, calendar);
        // The template is read when the reminder goes out; offsets and e-mails on or off change what is queued.
        const fromDate = todayIn(this.settings.timeZone, new Date(at));
        const appointments = await loadAppointments(this.trx, { calendarId, fromDate });
        return this.reschedule(appointments, at, CANCELLED_BECAUSE.calendar, null);
      }
      case 'CalendarDateAdded':
      case 'CalendarDateMovedHere': {
        const { calendarId, date, seriesId, lanes, at } = event.data;
        const hours = hoursOf(lanes);
        if (seriesId !== null && hours) {
          await saveSession(this.trx, { calendarId, date, seriesId, ...hours });
          await this.sessionsChanged(seriesId, at);
        }
        if (event.type === 'CalendarDateAdded') return;
        // The date's appointments came with it, at the same times (and versions: the bookings' when they say).
        const bookings = new Map((event.data.bookings ?? []).map((booking) => [booking.appointmentId, booking]));
        if (bookings.size === 0) return;
        const moved = (await loadAppointments(this.trx, { appointmentIds: [...bookings.keys()] })).map(
          (appointment) => ({
            ...appointment,
            date,
            version: bookings.get(appointment.appointmentId)?.version ?? appointment.version,
          }),
        );
        const notices: QueueRow[] = [];
        for (const appointment of moved) {
          const calendar = await this.calendar(appointment.calendarId);
          const notice = dateMoveNotice(appointment, calendar, event.data.notifyClients, at);
          if (notice) notices.push(notice);
        }
        return this.reschedule(moved, at, CANCELLED_BECAUSE.moved, insideReminderPeriod('moved'), notices);
      }
      case 'CalendarDateUpdated': {
        const { calendarId, date, changes, at } = event.data;
        const hours = changes.lanes && hoursOf(changes.lanes);
        if (!hours) return;
        const seriesId = await sessionSeries(this.trx, calendarId, date);
        if (seriesId === null) return;
        await saveSession(this.trx, { calendarId, date, seriesId, ...hours });
        return this.sessionsChanged(seriesId, at);
      }
      case 'CalendarDateDeleted': {
        const seriesId = await deleteSession(this.trx, event.data.calendarId, event.data.date);
        if (seriesId !== null) await this.sessionsChanged(seriesId, event.data.at);
        return;
      }
      case 'CalendarDateMovedAway':
        // CalendarDateMovedHere, appended with it, brings the date (and its appointments) back at the new date.
        await deleteSession(this.trx, event.data.calendarId, event.data.date);
        return;
      case 'AppointmentChanged':
      case 'AppointmentMovedHere': {
        const { appointmentId, calendarId, date, startTime, endTime, version, appointment, notifyClient, at } =
          event.data;
        const [before] = await loadAppointments(this.trx, { appointmentIds: [appointmentId] });
        const code =
          event.type === 'AppointmentMovedHere' ? event.data.confirmationCode : (before?.confirmationCode ?? '');
        const ids = { appointmentId, calendarId, seriesId: null, version };
        const after = scheduledAppointment(ids, { date, startTime, endTime }, appointment, code);
        const moved = event.type === 'AppointmentMovedHere' || event.data.from !== null;
        return this.change(before, after, at, notifyClient, moved);
      }
      case 'AppointmentCancelled':
        return this.remove(event.data.appointmentId, event.data.at, CANCELLED_BECAUSE.deleted, {
          notifyClient: event.data.notifyClient,
        });
      case 'ClientUnregistered':
        // notifyClient: the client left the course online (issue 20); the notice's sessions are read from the series.
        return this.remove(event.data.appointmentId, event.data.at, CANCELLED_BECAUSE.unregistered, {
          notifyClient: event.data.notifyClient,
        });
      default:
        return assertNever(event);
    }
  }

  async finish(): Promise<void> {
    await this.flush();
    // Notices are due now; new reminders may be due before the sender's next look.
    if (this.wake) await this.trx.raw(`select pg_notify('message_queue', '')`);
  }
}

/**
 * Keeps `message_queue` (migrations/20261125_28_message_queue.ts) scheduled: reminders for each booking and course
 * registration, rescheduled when it moves or its calendar's reminder settings change, cancelled when it goes, and
 * the notices staff ask for. It learns calendars' settings and series' dates from their events into tables of its
 * own rather than reading the calendars or calendar_dates read models (as projections/confirmation-mails does), so
 * that neither the order of projectors nor a rebuild of another read model changes what it queues. Those tables are
 * rebuilt; the queue is not: rows are only added, or changed while still pending (see queue-writes.ts).
 * `settings` (REMINDER_SEND_TIME, UNIT_TIMEZONE) are read when each batch starts. An auditor's replay of the past
 * (projections/audit-replay) builds the tables alone: the queue is not on its search path, and is left as it is.
 */
export function createMessagesProjection(
  settings: () => ScheduleSettings = () => scheduleSettingsFromEnvironment(),
): Projection {
  const applyAll = async (trx: Knex.Transaction, events: { event: DomainEvent }[]) => {
    const reachable = await trx.raw<{ rows: { reachable: boolean }[] }>(
      `select to_regclass('message_queue') is not null as reachable`,
    );
    const schedule = new Schedule(trx, settings(), reachable.rows[0]!.reachable);
    for (const { event } of events) await schedule.apply(event as Handled);
    await schedule.finish();
  };
  return {
    name: 'messages',
    tables: ['message_calendars', 'message_sessions', 'message_appointments'],
    eventTypes: handled,
    apply: (trx, event) => applyAll(trx, [{ event }]),
    applyAll,
  };
}

export const messagesProjection = createMessagesProjection();
