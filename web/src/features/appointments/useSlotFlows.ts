import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../shared/toaster';
import type { CalendarDate, DateLaneWithSlots, Timeslot } from '../calendar-dates';
import { useUnlockSlotMutation, useUpdateAppointmentMutation } from './appointmentsApi';
import { emptyValues, moveBody, valuesOf } from './form/appointmentValues';
import type { Holding, SlotActionsAction } from './slotActionsState';
import { defaultDuration, durationsForAppointment, endAfter, pasteDuration, smallestDuration } from './slotRules';
import { useSlotRequests } from './useSlotRequests';

interface SlotFlowsInput {
  date: string;
  holding: Holding | null;
  refetchDate: () => Promise<CalendarDate | undefined>;
  dispatch: Dispatch<SlotActionsAction>;
}

/**
 * §4.2 the flows behind a slot's actions: New (re-fetch, check, lock the smallest available duration, open with the
 * lane's default), Edit and View (load, open; Edit locks), Copy and Move (load and hold), Paste (re-fetch, lock
 * keeping the duration when available, then open the copy or move there) and Unlock.
 */
export function useSlotFlows({ date, holding, refetchDate, dispatch }: SlotFlowsInput) {
  const { t } = useTranslation();
  const { freshSlot, lock, load, lockSlot } = useSlotRequests(refetchDate, dispatch);
  const [unlockSlot] = useUnlockSlotMutation();
  const [updateAppointment] = useUpdateAppointmentMutation();

  async function onNew(lane: DateLaneWithSlots, slot: Timeslot) {
    const found = await freshSlot(lane, slot);
    const smallest = found && smallestDuration(found.slot.availableDurations);
    if (!found || smallest === undefined || smallest === null) return;
    const token = await lock(found.lane, slot.time, smallest);
    if (!token) return;
    const durations = found.slot.availableDurations;
    dispatch({
      type: 'opened',
      session: {
        mode: 'new',
        lane: found.lane,
        date,
        startTime: slot.time,
        lockToken: token,
        durations,
        values: emptyValues(defaultDuration(found.lane, durations) ?? ''),
      },
    });
  }

  async function onOpen(mode: 'edit' | 'view', lane: DateLaneWithSlots, slot: Timeslot) {
    const appointment = await load(slot.appointmentId);
    if (!appointment) return;
    const startTime = appointment.startTime ?? slot.time;
    const own = appointment.duration === null ? [] : [appointment.duration];
    const durations = [...new Set([...own, ...durationsForAppointment(lane, startTime, appointment.id)])].sort(
      (a, b) => a - b,
    );
    const opened = {
      lane,
      date,
      startTime,
      appointment,
      durations,
      values: valuesOf(appointment, appointment.duration ?? ''),
    };
    if (mode === 'view') return dispatch({ type: 'opened', session: { mode, ...opened } });
    // §4.2 Edit locks the appointment: a colleague who has it open already is told so.
    const held = await lockSlot({
      calendarDateLaneId: lane.id,
      startTime,
      endTime: appointment.endTime ?? startTime,
      appointmentId: appointment.id,
    });
    if ('error' in held) return dispatch({ type: 'failed', failure: held.error, failedTo: 'lock' });
    dispatch({ type: 'opened', session: { mode, lockToken: held.data.token, ...opened } });
  }

  async function onPaste(lane: DateLaneWithSlots, slot: Timeslot) {
    if (!holding) return;
    const found = await freshSlot(lane, slot);
    const duration = found && pasteDuration(holding.appointment.duration ?? 0, found.slot.availableDurations);
    if (!found || duration === undefined || duration === null) return;
    const token = await lock(found.lane, slot.time, duration);
    if (!token) return;
    if (holding.kind === 'copy') {
      const durations = found.slot.availableDurations;
      const values = valuesOf(holding.appointment, duration, { copy: true });
      dispatch({
        type: 'opened',
        session: {
          mode: 'new',
          lane: found.lane,
          date,
          startTime: slot.time,
          lockToken: token,
          durations,
          values,
          copiedFrom: holding.appointment.id,
        },
      });
      return;
    }
    const answer = await updateAppointment({
      id: holding.appointment.id,
      body: moveBody(
        holding.appointment,
        {
          calendarDateLaneId: found.lane.id,
          date,
          startTime: slot.time,
          endTime: endAfter(slot.time, duration),
          lockToken: token,
        },
        holding.notifyClient,
      ),
    });
    if ('error' in answer) {
      dispatch({ type: 'failed', failure: answer.error, failedTo: 'move' });
      await unlockSlot(token);
      return;
    }
    dispatch({ type: 'held', holding: null });
    showSuccess(t('appointments.moved'));
  }

  async function onHold(kind: Holding['kind'], slot: Timeslot) {
    const appointment = await load(slot.appointmentId);
    // A Move tells the client of the new time by default when the appointment has an e-mail (issue 19).
    const notifyClient = kind === 'move' && appointment?.email !== '';
    if (appointment) dispatch({ type: 'held', holding: { kind, appointment, notifyClient } });
  }

  async function onUnlock(slot: Timeslot) {
    if (!slot.token) return;
    const answer = await unlockSlot(slot.token);
    if ('error' in answer) dispatch({ type: 'failed', failure: answer.error, failedTo: 'unlock' });
    else showSuccess(t('appointments.lockReleased'));
  }

  return { onNew, onOpen, onPaste, onHold, onUnlock };
}
