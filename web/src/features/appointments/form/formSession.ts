import type { DateLaneWithSlots } from '../../calendar-dates';
import type { Appointment } from '../types';
import type { FormValues } from './appointmentValues';

/**
 * What the appointment form was opened for (§4.2): a new appointment on a slot locked for it (New, or the Paste of a
 * Copy), an existing appointment held for editing (Edit locks it, so one editor at a time), or one to view.
 */
export type FormSession =
  | {
      mode: 'new';
      lane: DateLaneWithSlots;
      date: string;
      startTime: string;
      lockToken: string;
      durations: number[];
      values: FormValues;
      copiedFrom?: number;
    }
  | {
      mode: 'edit';
      lane: DateLaneWithSlots;
      date: string;
      startTime: string;
      lockToken: string;
      appointment: Appointment;
      durations: number[];
      values: FormValues;
    }
  | {
      mode: 'view';
      lane: DateLaneWithSlots;
      date: string;
      startTime: string;
      appointment: Appointment;
      durations: number[];
      values: FormValues;
    };
