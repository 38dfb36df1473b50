import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { publicAppointmentBody } from '../../api/appointments/schemas';
import { formatPhone } from '../../web/src/shared/contact/phone';
import {
  addClient,
  appointmentPayload,
  formRules,
  initialValues,
  MAX_CLIENTS,
  reminderTypesOffered,
  validateAppointment,
  withReminderOffered,
  wrongEntries,
  type AppointmentValues,
} from '../../web/src/features/public-booking/appointmentForm';
import type { PublicCalendar } from '../../web/src/features/public-booking/types';

/** §5 the public appointment form: what is required, what is offered, and a payload the API accepts. */
const test = suite('web/booking/appointment form');

const fields = {
  consentRequired: false,
  emailRequired: false,
  removePreferredLanguage: false,
  removePhoneAlt: false,
  removePhoneDoNotCall: false,
  removePhoneAltDoNotCall: false,
  removePhoneReminderType: false,
};
const calendar: PublicCalendar = {
  id: 1,
  name: 'Clinic',
  description: '',
  groupSession: false,
  lockTime: 300,
  emailsEnabled: true,
  emailRequired: false,
  allowMultipleClients: true,
  location: null,
  fields: [],
};
const filled = (changes: Partial<AppointmentValues> = {}): AppointmentValues => ({
  ...initialValues(1, 'en'),
  clients: [{ firstName: 'Avery', lastName: 'Tremblay', preferredName: '' }],
  phone: '613-555-0123',
  phoneReminderType: 0,
  ...changes,
});

test('an empty form needs names, phone and reminder type', () => {
  const errors = validateAppointment(initialValues(2, 'en'), formRules(fields, calendar));
  assert.equal(Object.keys(errors).sort(), [
    'clients.0.firstName',
    'clients.0.lastName',
    'clients.1.firstName',
    'clients.1.lastName',
    'phone',
    'phoneReminderType',
  ]);
});

test('phones are 3-3-4 digits with optional hyphens, shown as XXX-XXX-XXXX', () => {
  const rules = formRules(fields, calendar);
  assert.equal(validateAppointment(filled({ phone: '6135550123' }), rules), {});
  assert.equal(validateAppointment(filled({ phone: '613-5550-123' }), rules), { phone: 'phone' });
  assert.equal(validateAppointment(filled({ phone: '613555012' }), rules), { phone: 'phone' });
  assert.is(formatPhone('(613) 555 0123'), '613-555-0123');
  assert.is(formatPhone('6135550123'), '613-555-0123');
  assert.is(formatPhone('61355'), '61355');
});

test('reminder 6 needs its phone, 4 the other phone; a reminder e-mail needs the address', () => {
  const rules = formRules(fields, calendar);
  assert.equal(validateAppointment(filled({ phoneReminderType: 6 }), rules), { phoneReminderCustom: 'required' });
  assert.equal(validateAppointment(filled({ phoneReminderType: 4 }), rules), { phoneAlt: 'required' });
  assert.equal(validateAppointment(filled({ sendReminderEmail: true }), rules), { email: 'required' });
  assert.equal(validateAppointment(filled({ email: 'not an address' }), rules), { email: 'email' });
});

test('e-mail required by the calendar or the service; consents when the service requires them', () => {
  assert.equal(validateAppointment(filled(), formRules(fields, { ...calendar, emailRequired: true })), {
    email: 'required',
  });
  assert.equal(validateAppointment(filled(), formRules({ ...fields, emailRequired: true }, calendar)), {
    email: 'required',
  });
  assert.equal(validateAppointment(filled(), formRules({ ...fields, consentRequired: true }, calendar)), {
    agreeValidInfo: 'required',
    agreePhone: 'required',
  });
  assert.equal(
    validateAppointment(
      filled(),
      formRules(fields, { ...calendar, fields: [{ name: 'preferredName', required: true }] }),
    ),
    { 'clients.0.preferredName': 'required' },
  );
});

test('only reminder types 0, 2, 4, 6; do-not-call and a removed phone take away their reminders', () => {
  const rules = formRules(fields, calendar);
  assert.equal(reminderTypesOffered(filled(), rules), [0, 2, 4, 6]);
  assert.equal(reminderTypesOffered(filled({ phoneDoNotCall: true }), rules), [0, 4, 6]);
  assert.equal(reminderTypesOffered(filled({ phoneAltDoNotCall: true }), rules), [0, 2, 6]);
  assert.equal(reminderTypesOffered(filled(), formRules({ ...fields, removePhoneAlt: true }, calendar)), [0, 2, 6]);
  assert.is(
    withReminderOffered(filled({ phoneReminderType: 2, phoneDoNotCall: true }), rules).phoneReminderType,
    '',
    'a choice taken away is cleared',
  );
});

test('the service can remove the reminder type: no choice needed, none sent', () => {
  const rules = formRules({ ...fields, removePhoneReminderType: true }, calendar);
  const values = filled({ phoneReminderType: '' });
  assert.equal(validateAppointment(values, rules), {});
  assert.is(
    appointmentPayload(values, rules, { lockToken: 't', serviceId: 1, spots: undefined, pageLanguage: 'fr' })
      .phoneReminderType,
    0,
  );
});

test('at most ten clients', () => {
  let values = initialValues(1, 'en');
  for (let i = 0; i < 15; i++) values = addClient(values);
  assert.is(values.clients.length, MAX_CLIENTS);
  assert.is(initialValues(25, 'en').clients.length, MAX_CLIENTS);
});

test('the payload passes the API’s schema, with the removed fields at their defaults', () => {
  const rules = formRules({ ...fields, removePreferredLanguage: true, removePhoneAlt: true }, calendar);
  const values = filled({
    language: 'en',
    phone: '6135550123',
    phoneAlt: '6135550000',
    email: 'a@example.com',
    sendReminderEmail: true,
    phoneReminderType: 6,
    phoneReminderCustom: '613 555 0199',
  });
  const payload = appointmentPayload(values, rules, { lockToken: 'token', serviceId: 7, spots: 2, pageLanguage: 'fr' });
  assert.ok(
    publicAppointmentBody.safeParse(payload).success,
    JSON.stringify(publicAppointmentBody.safeParse(payload).error?.issues),
  );
  assert.is(payload.language, 'fr', 'the page language when the service removes the choice');
  assert.is(payload.phoneAlt, '');
  assert.is(payload.phone, '613-555-0123');
  assert.is(payload.phoneReminderCustom, '613-555-0199');
  assert.is(payload.sendConfirmationEmail, true, 'an address on a calendar that sends e-mails gets the confirmation');
  assert.is(payload.sendReminderEmail, true);
  assert.is(payload.spots, 2);
  assert.is(
    appointmentPayload(values, formRules(fields, { ...calendar, emailsEnabled: false }), {
      lockToken: 't',
      serviceId: 7,
      spots: undefined,
      pageLanguage: 'en',
    }).sendConfirmationEmail,
    false,
  );
});

test('before a first try to book, only a wrong entry in a field left shows: not an empty field, not one still untouched', () => {
  const rules = formRules(fields, calendar);
  const errors = validateAppointment(
    filled({
      phone: '61355',
      phoneAlt: '123',
      email: 'avery@',
      clients: [{ firstName: '', lastName: '', preferredName: '' }],
    }),
    rules,
  );
  assert.equal(wrongEntries(errors, new Set()), {}, 'nothing left yet: hints only');
  assert.equal(
    wrongEntries(errors, new Set(['phone', 'email', 'clients.0.firstName'])),
    { phone: 'phone', email: 'email' },
    'an empty required field waits for the try',
  );
  assert.equal(
    wrongEntries(validateAppointment(filled({ phone: '' }), rules), new Set(['phone'])),
    {},
    'an empty phone left is not an error yet',
  );
});

test.run();
