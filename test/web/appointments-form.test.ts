import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { appointmentChangeBody, staffAppointmentBody } from '../../api/appointments/schemas';
import type { Timeslot } from '../../web/src/features/calendar-dates/types';
import type { Calendar } from '../../web/src/features/calendars/types';
import {
  addClient,
  changeBody,
  emptyValues,
  formRules,
  groupEdit,
  newBody,
  reminderTypesOffered,
  validate,
  withReminderOffered,
  type FormValues,
} from '../../web/src/features/appointments/form/appointmentValues';
import { offers, type SlotContext } from '../../web/src/features/appointments/slotActions';
import { endAfter, pasteDuration, startsAppointment } from '../../web/src/features/appointments/slotRules';

/** §4.2 / §5 the staff appointment form and the slot actions of Manage Appointments, as pure rules. */
const test = suite('web/appointments/form and slot rules');

const calendar = {
  allowMultipleClients: true,
  fields: [
    { name: 'firstName', required: true },
    { name: 'lastName', required: true },
    { name: 'clientId', required: false },
    { name: 'dateOfBirth', required: false },
    { name: 'codes', required: false, category: 'IMM', options: ['C19', 'FLU'] },
    { name: 'attendance', required: false },
    { name: 'room', required: false },
  ],
} as unknown as Calendar;
const rules = formRules(calendar, [900, 1800], '2026-11-23');

const filled = (changes: Partial<FormValues> = {}): FormValues => ({
  ...emptyValues(900),
  clients: [
    {
      ...emptyValues(900).clients[0]!,
      firstName: 'Ada',
      lastName: 'Lovelace',
      clientId: '1234567890',
      codes: ['C19', 'XYZ'],
    },
  ],
  language: 'en',
  phone: '6135550101',
  ...changes,
});

test('a filled form passes and its bodies are what the API accepts', () => {
  assert.equal(validate(filled(), rules), {});
  const body = newBody(filled(), rules, {
    lockToken: 'token',
    startTime: '09:00:00',
    endTime: (duration) => endAfter('09:00:00', duration),
  });
  assert.is(body.endTime, '09:15:00');
  assert.is(body.phone, '613-555-0101', 'the phone as XXX-XXX-XXXX');
  assert.equal(body.clientData[0]!.codes, ['C19'], "only the calendar's codes");
  assert.ok(staffAppointmentBody.safeParse(body).success);
  const change = changeBody(filled({ duration: 1800 }), rules, {
    version: 3,
    calendarDateLaneId: 7,
    date: '2026-11-24',
    startTime: '09:00:00',
    endTime: (duration) => endAfter('09:00:00', duration),
    notifyClient: true,
  });
  assert.is(change.endTime, '09:30:00');
  assert.is(change.version, 3);
  assert.is(change.notifyClient, true, "staff's notify the client goes in the request (issue 19)");
  assert.ok(appointmentChangeBody.safeParse(change).success);
});

test('§5: duration, names, language and phone are required; client id 10 digits; date of birth at most January 31 of next year', () => {
  const errors = validate({ ...emptyValues('') }, rules);
  for (const path of ['duration', 'clients.0.firstName', 'clients.0.lastName', 'language', 'phone'])
    assert.is(errors[path], 'required', path);
  const client = filled().clients[0]!;
  assert.is(validate(filled({ clients: [{ ...client, clientId: '12345' }] }), rules)['clients.0.clientId'], 'clientId');
  assert.is(
    validate(filled({ clients: [{ ...client, dateOfBirth: '2027-02-01' }] }), rules)['clients.0.dateOfBirth'],
    'dateOfBirth',
  );
  assert.is(
    validate(filled({ clients: [{ ...client, dateOfBirth: '2027-01-31' }] }), rules)['clients.0.dateOfBirth'],
    undefined,
  );
  assert.is(validate(filled({ clients: [{ ...client, room: 'ROOM123' }] }), rules)['clients.0.room'], 'room');
  assert.is(validate(filled({ phone: '613-555-01' }), rules).phone, 'phone');
  assert.is(validate(filled({ duration: 600 }), rules).duration, 'required', 'only the durations the slot offers');
});

test('§5: e-mail when an e-mail is asked for; the custom phone for reminder types 5 and 6', () => {
  assert.is(validate(filled({ sendConfirmationEmail: true }), rules).email, 'required');
  assert.is(validate(filled({ sendReminderEmail: true }), rules).email, 'required');
  assert.is(validate(filled({ sendReminderEmail: true, email: 'ada@example.com' }), rules).email, undefined);
  assert.is(validate(filled({ phoneReminderType: 5 }), rules).phoneReminderCustom, 'required');
  assert.is(validate(filled({ phoneReminderType: 6 }), rules).phoneReminderCustom, 'required');
  assert.is(validate(filled({ phoneReminderType: 2 }), rules).phoneReminderCustom, undefined);
});

test('§5: do-not-call removes the voice and SMS reminders of that phone', () => {
  assert.equal(reminderTypesOffered({ phoneDoNotCall: false, phoneAltDoNotCall: false }), [0, 1, 2, 3, 4, 5, 6]);
  assert.equal(reminderTypesOffered({ phoneDoNotCall: true, phoneAltDoNotCall: false }), [0, 3, 4, 5, 6]);
  assert.equal(reminderTypesOffered({ phoneDoNotCall: false, phoneAltDoNotCall: true }), [0, 1, 2, 5, 6]);
  assert.is(withReminderOffered(filled({ phoneReminderType: 2, phoneDoNotCall: true })).phoneReminderType, 0);
});

test('§5: a new client copies the first without its id; at most 10, or 1 unless the calendar allows several; group edit sets all', () => {
  const two = addClient(filled(), rules);
  assert.is(two.clients.length, 2);
  assert.is(two.clients[1]!.lastName, 'Lovelace');
  assert.is(two.clients[1]!.clientId, '', 'without its id');
  let many = filled();
  for (let i = 0; i < 12; i++) many = addClient(many, rules);
  assert.is(many.clients.length, 10);
  const single = formRules({ ...calendar, allowMultipleClients: false }, [900], '2026-11-23');
  assert.is(addClient(filled(), single).clients.length, 1);
  const grouped = groupEdit(two, { attendance: 'arrived', room: 'R12' });
  assert.ok(grouped.clients.every((client) => client.attendance === 'arrived' && client.room === 'R12'));
});

const slot = (
  time: string,
  label: Timeslot['label'],
  appointmentId: number | null = null,
  token: string | null = null,
): Timeslot => ({
  time,
  label,
  isBookable: label === 'Available',
  availableDurations: label === 'Available' ? [900] : [],
  appointmentId,
  clients: [],
  phone: null,
  history: [],
  token,
});

test('§4.2 slot actions: an appointment starts at its first slot; delete, new, move and paste never on a past date; history for admins', () => {
  const slots = [
    slot('09:00:00', 'Available'),
    slot('09:15:00', 'Booked', 4),
    slot('09:30:00', 'Booked', 4),
    slot('09:45:00', 'Locked', null, 'abc'),
  ];
  const now: SlotContext = { past: false, admin: true, holding: true };
  assert.ok(startsAppointment(slots, 1));
  assert.not.ok(startsAppointment(slots, 2), 'the second slot of the same appointment');
  assert.ok(offers('new', slots, 0, now) && offers('paste', slots, 0, now));
  assert.ok(
    offers('edit', slots, 1, now) &&
      offers('delete', slots, 1, now) &&
      offers('move', slots, 1, now) &&
      offers('history', slots, 1, now),
  );
  assert.not.ok(offers('edit', slots, 2, now));
  assert.ok(offers('unlock', slots, 3, now));
  const past: SlotContext = { ...now, past: true };
  for (const action of ['new', 'paste'] as const) assert.not.ok(offers(action, slots, 0, past), action);
  for (const action of ['delete', 'move'] as const) assert.not.ok(offers(action, slots, 1, past), action);
  assert.ok(
    offers('edit', slots, 1, past) && offers('copy', slots, 1, past),
    'a past appointment can still be edited and copied',
  );
  assert.not.ok(offers('history', slots, 1, { ...now, admin: false }), 'History is for administrators');
  assert.not.ok(offers('paste', slots, 0, { ...now, holding: false }));
});

test('§4.2 Paste keeps the duration when the slot offers it, else the smallest', () => {
  assert.is(pasteDuration(1800, [900, 1800]), 1800);
  assert.is(pasteDuration(1800, [1200, 900]), 900);
  assert.is(pasteDuration(900, []), undefined);
});

test.run();
