import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { assertNever } from '../../../../domain/shared/decider';
import { errorCode, type ApiError } from '../../app/errorMessages';
import { showSuccess } from '../admin-shell/toaster';
import type { CalendarDate, DateLaneWithSlots, Timeslot } from '../calendar-dates/types';
import { useDeleteAppointmentMutation, useLazyGetAppointmentQuery, useLockSlotMutation, useUnlockSlotMutation, useUpdateAppointmentMutation } from './appointmentsApi';
import { emptyValues, moveBody, valuesOf } from './form/appointmentValues';
import type { FormSession } from './form/formSession';
import type { SlotAction } from './slotActions';
import { defaultDuration, durationsForAppointment, endAfter, pasteDuration, smallestDuration } from './slotRules';
import type { Appointment } from './types';

/** An appointment copied, or being moved, until it is pasted on a slot (§4.2 Copy, Move, Paste). */
export interface Holding {
  kind: 'copy' | 'move';
  appointment: Appointment;
}

export interface PendingDelete {
  appointmentId: number;
  time: string;
  clients: string;
}

interface SlotActionsInput {
  calendarId: number;
  date: string;
  /** Re-fetches the day and answers its fresh timeslots (§4.2 New re-fetches the date). */
  refetchDate: () => Promise<CalendarDate | undefined>;
}

const clientNames = (appointment: Appointment) => appointment.clientData.map((client) => `${client.firstName ?? ''} ${client.lastName ?? ''}`.trim()).join(', ');

/**
 * §4.2 the slot flow of Manage Appointments: New (re-fetch, check, lock the smallest available duration, open with the
 * lane's default), Edit and View (load, open), Copy and Move (load and hold), Paste (re-fetch, lock keeping the
 * duration when available, then open the copy or move there), Delete (after confirmation), Unlock and History.
 */
export function useSlotActions({ calendarId, date, refetchDate }: SlotActionsInput) {
  const { t } = useTranslation();
  const [session, setSession] = useState<FormSession | null>(null);
  const [holding, setHolding] = useState<Holding | null>(null);
  // the question stays set while its dialog closes, so that its text does not vanish meanwhile
  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [historyId, setHistoryId] = useState<number | null>(null);
  const [failure, setFailure] = useState<ApiError>(undefined);
  const [unavailable, setUnavailable] = useState(false);
  const [busy, setBusy] = useState(false);
  const [loadAppointment] = useLazyGetAppointmentQuery();
  const [lockSlot] = useLockSlotMutation();
  const [unlockSlot] = useUnlockSlotMutation();
  const [removeAppointment, removing] = useDeleteAppointmentMutation();
  const [updateAppointment] = useUpdateAppointmentMutation();

  // Leaving Manage Appointments with a New or Edit form open releases its lock.
  const open = useRef<FormSession | null>(null);
  open.current = session;
  useEffect(
    () => () => {
      const left = open.current;
      if (left && left.mode !== 'view') void unlockSlot(left.lockToken);
    },
    [unlockSlot],
  );

  /** The slot as the server has it now, when it can still be booked: else the unavailable message. */
  async function freshSlot(lane: DateLaneWithSlots, slot: Timeslot) {
    const fresh = await refetchDate();
    const freshLane = fresh?.lanes.find((candidate) => candidate.id === lane.id);
    const found = freshLane?.timeslots?.find((candidate) => candidate.time === slot.time);
    if (!freshLane || !found || !found.isBookable || found.label !== 'Available' || found.availableDurations.length === 0) {
      setUnavailable(true);
      return null;
    }
    return { lane: freshLane, slot: found };
  }

  async function lock(lane: DateLaneWithSlots, startTime: string, duration: number): Promise<string | null> {
    const answer = await lockSlot({ calendarDateLaneId: lane.id, startTime, endTime: endAfter(startTime, duration) });
    if ('error' in answer) {
      if (errorCode(answer.error) === 'SLOT_UNAVAILABLE') setUnavailable(true);
      else setFailure(answer.error);
      return null;
    }
    return answer.data.token;
  }

  async function load(appointmentId: number | null): Promise<Appointment | null> {
    if (appointmentId === null) return null;
    const answer = await loadAppointment(appointmentId);
    if (!answer.data) {
      setFailure(answer.error as ApiError);
      return null;
    }
    return answer.data;
  }

  async function onNew(lane: DateLaneWithSlots, slot: Timeslot) {
    const found = await freshSlot(lane, slot);
    const smallest = found && smallestDuration(found.slot.availableDurations);
    if (!found || smallest === undefined || smallest === null) return;
    const token = await lock(found.lane, slot.time, smallest);
    if (!token) return;
    const durations = found.slot.availableDurations;
    setSession({ mode: 'new', lane: found.lane, date, startTime: slot.time, lockToken: token, durations, values: emptyValues(defaultDuration(found.lane, durations) ?? '') });
  }

  async function onOpen(mode: 'edit' | 'view', lane: DateLaneWithSlots, slot: Timeslot) {
    const appointment = await load(slot.appointmentId);
    if (!appointment) return;
    const startTime = appointment.startTime ?? slot.time;
    const own = appointment.duration === null ? [] : [appointment.duration];
    const durations = [...new Set([...own, ...durationsForAppointment(lane, startTime, appointment.id)])].sort((a, b) => a - b);
    const opened = { lane, date, startTime, appointment, durations, values: valuesOf(appointment, appointment.duration ?? '') };
    if (mode === 'view') return setSession({ mode, ...opened });
    // §4.2 Edit locks the appointment: a colleague who has it open already is told so.
    const held = await lockSlot({ calendarDateLaneId: lane.id, startTime, endTime: appointment.endTime ?? startTime, appointmentId: appointment.id });
    if ('error' in held) return setFailure(held.error);
    setSession({ mode, lockToken: held.data.token, ...opened });
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
      setSession({ mode: 'new', lane: found.lane, date, startTime: slot.time, lockToken: token, durations, values: valuesOf(holding.appointment, duration, { copy: true }), copiedFrom: holding.appointment.id });
      return;
    }
    const answer = await updateAppointment({
      id: holding.appointment.id,
      body: moveBody(holding.appointment, { calendarDateLaneId: found.lane.id, date, startTime: slot.time, endTime: endAfter(slot.time, duration), lockToken: token }),
    });
    if ('error' in answer) {
      setFailure(answer.error);
      await unlockSlot(token);
      return;
    }
    setHolding(null);
    showSuccess(t('appointments.moved'));
  }

  async function onHold(kind: Holding['kind'], slot: Timeslot) {
    const appointment = await load(slot.appointmentId);
    if (appointment) setHolding({ kind, appointment });
  }

  async function onUnlock(slot: Timeslot) {
    if (!slot.token) return;
    const answer = await unlockSlot(slot.token);
    if ('error' in answer) setFailure(answer.error);
    else showSuccess(t('appointments.lockReleased'));
  }

  function perform(action: SlotAction, lane: DateLaneWithSlots, slot: Timeslot): Promise<void> {
    switch (action) {
      case 'new':
        return onNew(lane, slot);
      case 'edit':
      case 'view':
        return onOpen(action, lane, slot);
      case 'copy':
      case 'move':
        return onHold(action, slot);
      case 'paste':
        return onPaste(lane, slot);
      case 'delete':
        if (slot.appointmentId !== null) {
          setPendingDelete({ appointmentId: slot.appointmentId, time: slot.time, clients: slot.clients.map((client) => client.name).join(', ') });
          setConfirming(true);
        }
        return Promise.resolve();
      case 'history':
        setHistoryId(slot.appointmentId);
        return Promise.resolve();
      case 'unlock':
        return onUnlock(slot);
      default:
        return assertNever(action);
    }
  }

  async function run(action: SlotAction, lane: DateLaneWithSlots, slot: Timeslot) {
    setFailure(undefined);
    setUnavailable(false);
    setBusy(true);
    try {
      await perform(action, lane, slot);
    } finally {
      setBusy(false);
    }
  }

  /** The form closed: its lock goes back (§4.2); after a save quietly, the save's own banner says enough. */
  async function closeForm(saved: boolean) {
    const closing = session;
    setSession(null);
    if (!closing || closing.mode === 'view' || (saved && closing.mode === 'new')) return;
    const answer = await unlockSlot(closing.lockToken);
    if (saved) return;
    if ('error' in answer) setFailure(answer.error);
    else showSuccess(t('appointments.lockReleased'));
  }

  async function confirmDelete() {
    if (!pendingDelete) return;
    const answer = await removeAppointment(pendingDelete.appointmentId);
    setConfirming(false);
    if ('error' in answer) setFailure(answer.error);
    else showSuccess(t('appointments.deleted'));
  }

  return {
    calendarId,
    session,
    holding,
    clearHolding: () => setHolding(null),
    holdingClients: holding ? clientNames(holding.appointment) : '',
    pendingDelete,
    confirming,
    deleting: removing.isLoading,
    confirmDelete: () => void confirmDelete(),
    cancelDelete: () => setConfirming(false),
    historyId,
    closeHistory: () => setHistoryId(null),
    failure,
    unavailable,
    dismiss: () => {
      setFailure(undefined);
      setUnavailable(false);
    },
    busy,
    run: (action: SlotAction, lane: DateLaneWithSlots, slot: Timeslot) => void run(action, lane, slot),
    openAppointment: (mode: 'edit' | 'view', lane: DateLaneWithSlots, slot: Timeslot) => void onOpen(mode, lane, slot),
    closeForm: (saved: boolean) => void closeForm(saved),
  };
}
