import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { changedFields } from '../../../domain/appointments/changes';
import { latestDateOfBirth, staffAppointmentProblem } from '../../../domain/appointments/staff-form';
import type { CalendarField } from '../../../domain/calendars/fields';
import { appointmentDetails } from '../../support/appointment-details';

const test = suite('appointments: the staff form rules (§5) and the fields an edit changes');
const fields: CalendarField[] = [
  { name: 'firstName', required: true },
  { name: 'lastName', required: true },
  { name: 'dateOfBirth', required: true },
  { name: 'codes', required: false, category: 'All', options: ['C19'] },
];
const calendar = { allowMultipleClients: false, fields };
const client = { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '2020-01-01' };
const problemOf = (changes: Parameters<typeof appointmentDetails>[0], settings = calendar) =>
  staffAppointmentProblem(settings, appointmentDetails(changes), '2026-11-24')?.details.field;

test('the latest date of birth is January 31 of next year', () => {
  assert.is(latestDateOfBirth('2026-11-24'), '2027-01-31');
  assert.is(problemOf({ clientData: [{ ...client, dateOfBirth: '2027-01-31' }] }), undefined);
  assert.is(problemOf({ clientData: [{ ...client, dateOfBirth: '2027-02-01' }] }), 'clientData.0.dateOfBirth');
});
test('one client unless the calendar allows several, then ten at most', () => {
  assert.is(problemOf({ clientData: [client, client] }), 'clientData');
  assert.is(problemOf({ clientData: [client, client] }, { ...calendar, allowMultipleClients: true }), undefined);
  assert.is(
    problemOf({ clientData: Array.from({ length: 11 }, () => client) }, { ...calendar, allowMultipleClients: true }),
    'clientData',
  );
});
test('the calendar’s required fields, and only its enabled codes', () => {
  assert.is(problemOf({ clientData: [{ firstName: 'Ada', lastName: 'Lovelace' }] }), 'clientData.0.dateOfBirth');
  assert.is(problemOf({ clientData: [{ ...client, codes: ['C19'] }] }), undefined);
  assert.is(problemOf({ clientData: [{ ...client, codes: ['FLU'] }] }), 'clientData.0.codes');
});
test('an edit names the contact fields and client fields it changes, and clients added or removed', () => {
  const before = appointmentDetails({ clientData: [client] });
  assert.equal(changedFields(before, before), []);
  assert.equal(
    changedFields(before, {
      ...before,
      phone: '613-555-0199',
      clientData: [{ ...client, attendance: 'arrived', room: 'B1' }],
    }),
    ['clientData.attendance', 'clientData.room', 'phone'],
  );
  assert.equal(changedFields(before, { ...before, clientData: [client, { firstName: 'B', lastName: 'C' }] }), [
    'clientData',
    'clientData.firstName',
    'clientData.lastName',
  ]);
  assert.equal(
    changedFields({ ...before, id: 3, version: 2 } as typeof before, before),
    [],
    'what is not a detail does not count',
  );
});
test.run();
