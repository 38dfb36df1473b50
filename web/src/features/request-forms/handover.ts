import { laneSlotTimes, normaliseLane, type Lane } from '../../../../domain/calendars/lane';
import { toTimeOfDay } from '../../../../domain/calendars/time-of-day';
import type { BatchDatesState } from '../calendar-dates';
import type { CalendarPrefillState } from '../calendars';
import type { RequestForm, RequestLane } from './types';

/**
 * What a request hands to the calendar screens of an administrator who fulfils it: the New calendar form prefilled
 * from a request for a calendar, or the batch add of dates with a request's clinic dates and lanes. Both come back
 * to the request (`returnTo`) once saved, which then records the fulfilment.
 */
const seconds = (time: string) => Number(time.slice(0, 2)) * 3600 + Number(time.slice(3, 5)) * 60;

/** The slot start times of a lane that fall in [from, to): a break lasts one slot, lunch from its start to its end. */
function slotsWithin(slots: readonly number[], from: string | null, to: number | null): string[] {
  if (from === null || to === null) return [];
  return slots.filter((slot) => slot >= seconds(from) && slot < to).map(toTimeOfDay);
}

/** A request lane as a calendar lane: hours, interval, durations (first the default), breaks and bookable slots. */
export function calendarLaneOf(lane: RequestLane, name = lane.name): Lane {
  const slotInterval = lane.slotInterval * 60;
  const hours = { startTime: `${lane.startTime}:00`, endTime: `${lane.endTime}:00`, slotInterval };
  const slots = laneSlotTimes(hours);
  const breakEnd = (time: string | null) => (time === null ? null : seconds(time) + slotInterval);
  const breakSlots = [
    ...slotsWithin(slots, lane.breakTimeAm, breakEnd(lane.breakTimeAm)),
    ...slotsWithin(slots, lane.breakTimePm, breakEnd(lane.breakTimePm)),
    ...slotsWithin(slots, lane.lunchTimeStart, lane.lunchTimeEnd === null ? null : seconds(lane.lunchTimeEnd)),
  ];
  const breaks = new Set(breakSlots);
  const open = slots.map(toTimeOfDay).filter((slot) => !breaks.has(slot));
  const first = `${lane.firstAppointmentTime}:00`;
  const last = `${lane.lastAppointmentTime}:00`;
  const bookable = open.filter((slot) => slot >= first && slot <= last);
  return normaliseLane({
    id: null,
    name,
    ...hours,
    durations: lane.durations.map((minutes, index) => ({ value: minutes * 60, label: '', isDefault: index === 0 })),
    // every open slot bookable: none listed (§3 Lane: empty means every slot that is not a break)
    bookableSlots: bookable.length === open.length ? [] : bookable,
    breakSlots,
  });
}

/** The lanes a request asks for: one per lane, or its one lane repeated `laneCount` times with "same lane data". */
export function calendarLanesOf(request: RequestForm): Lane[] {
  const [only] = request.lanes;
  if (!request.sameLaneData || !only || request.laneCount <= 1)
    return request.lanes.map((lane) => calendarLaneOf(lane));
  return Array.from({ length: request.laneCount }, (_, index) => calendarLaneOf(only, `${only.name} ${index + 1}`));
}

export const viewPath = (id: number) => `/admin/request-forms/${id}/view`;

/** The New calendar form's router state for a request for a calendar. */
export function newCalendarState(request: RequestForm): CalendarPrefillState {
  return {
    calendarPrefill: {
      settings: {
        name: request.calendarName ?? '',
        locationId: request.locationId,
        syncEnabled: request.syncWithDashboardOfEvents,
        showOnDashboard: request.showOnCalendarOverview,
        groupSession: request.groupSessions,
        allowMultipleClients: request.allowMultipleClients,
        lanes: calendarLanesOf(request),
        emailsEnabled: request.enableEmails,
        ...(request.confirmationTemplateId !== null ? { notificationTemplateId: request.confirmationTemplateId } : {}),
        ...(request.reminderTemplateId !== null ? { reminderTemplateId: request.reminderTemplateId } : {}),
      },
      returnTo: viewPath(request.id),
    },
  };
}

/** Every clinic date of a request from `today` on (past dates cannot be added), in order. */
export function requestedDates(request: RequestForm, today: string): string[] {
  return [...new Set(request.lanes.flatMap((lane) => lane.clinicDates))].filter((date) => date >= today).sort();
}

/** The batch add form's router state for a request for dates. */
export function addDatesState(request: RequestForm, today: string): BatchDatesState {
  return { dates: requestedDates(request, today), lanes: calendarLanesOf(request), returnTo: viewPath(request.id) };
}
