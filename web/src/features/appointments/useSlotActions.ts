import { useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { assertNever } from '../../../../domain/shared/decider';
import { showSuccess } from '../../shared/toaster';
import type { CalendarDate, DateLaneWithSlots, Timeslot } from '../calendar-dates';
import { useDeleteAppointmentMutation } from './appointmentsApi';
import type { SlotAction } from './slotActions';
import { initialSlotActions, slotActionsReducer } from './slotActionsState';
import type { Appointment } from './types';
import { useFormLock } from './useFormLock';
import { useSlotFlows } from './useSlotFlows';

interface SlotActionsInput {
  calendarId: number;
  date: string;
  /** Re-fetches the day and answers its fresh timeslots (§4.2 New re-fetches the date). */
  refetchDate: () => Promise<CalendarDate | undefined>;
}

const clientNames = (appointment: Appointment) =>
  appointment.clientData.map((client) => `${client.firstName ?? ''} ${client.lastName ?? ''}`.trim()).join(', ');

/**
 * §4.2 the slot flow of Manage Appointments: a slot's action runs its flow (useSlotFlows), Delete after confirmation,
 * History in its dialog; the form's close gives its lock back, as leaving the page does (useFormLock).
 */
export function useSlotActions({ calendarId, date, refetchDate }: SlotActionsInput) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(slotActionsReducer, initialSlotActions);
  const { session, holding, pendingDelete } = state;
  const flows = useSlotFlows({ date, holding, refetchDate, dispatch });
  const closeForm = useFormLock(session, dispatch);
  const [removeAppointment, removing] = useDeleteAppointmentMutation();

  function perform(action: SlotAction, lane: DateLaneWithSlots, slot: Timeslot): Promise<void> {
    switch (action) {
      case 'new':
        return flows.onNew(lane, slot);
      case 'edit':
      case 'view':
        return flows.onOpen(action, lane, slot);
      case 'copy':
      case 'move':
        return flows.onHold(action, slot);
      case 'paste':
        return flows.onPaste(lane, slot);
      case 'delete':
        if (slot.appointmentId !== null)
          dispatch({
            type: 'askDelete',
            pendingDelete: {
              appointmentId: slot.appointmentId,
              time: slot.time,
              clients: slot.clients.map((client) => client.name).join(', '),
            },
          });
        return Promise.resolve();
      case 'history':
        dispatch({ type: 'history', appointmentId: slot.appointmentId });
        return Promise.resolve();
      case 'unlock':
        return flows.onUnlock(slot);
      default:
        return assertNever(action);
    }
  }

  async function run(action: SlotAction, lane: DateLaneWithSlots, slot: Timeslot) {
    dispatch({ type: 'started' });
    try {
      await perform(action, lane, slot);
    } finally {
      dispatch({ type: 'finished' });
    }
  }

  async function confirmDelete(notifyClient: boolean) {
    if (!pendingDelete) return;
    const answer = await removeAppointment({ id: pendingDelete.appointmentId, notifyClient });
    dispatch({ type: 'closeDelete' });
    if ('error' in answer) dispatch({ type: 'failed', failure: answer.error, failedTo: 'delete' });
    else showSuccess(t('appointments.deleted'));
  }

  return {
    calendarId,
    session,
    holding,
    clearHolding: () => dispatch({ type: 'held', holding: null }),
    notifyOnPaste: (notifyClient: boolean) =>
      holding && dispatch({ type: 'held', holding: { ...holding, notifyClient } }),
    holdingClients: holding ? clientNames(holding.appointment) : '',
    pendingDelete,
    confirming: state.confirming,
    deleting: removing.isLoading,
    confirmDelete: (notifyClient: boolean) => void confirmDelete(notifyClient),
    cancelDelete: () => dispatch({ type: 'closeDelete' }),
    historyId: state.historyId,
    closeHistory: () => dispatch({ type: 'history', appointmentId: null }),
    failure: state.failure,
    failedTo: state.failedTo,
    unavailable: state.unavailable,
    dismiss: () => dispatch({ type: 'dismissed' }),
    busy: state.busy,
    run: (action: SlotAction, lane: DateLaneWithSlots, slot: Timeslot) => void run(action, lane, slot),
    openAppointment: (mode: 'edit' | 'view', lane: DateLaneWithSlots, slot: Timeslot) =>
      void flows.onOpen(mode, lane, slot),
    closeForm: (saved: boolean) => void closeForm(saved),
  };
}
