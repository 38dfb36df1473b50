import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DO_NOT_CALL, NO_PHONE_NUMBER, phoneReminderChoice } from '../../../domain/messages/phone-reminder';
import { appointmentDetails } from '../../support/appointment-details';

const test = suite('messages: where a phone reminder goes');
const numbers = { phone: '613-555-0100', phoneAlt: '613-555-0199', phoneReminderCustom: '819-555-0123' };
const choice = (changes: Parameters<typeof appointmentDetails>[0]) =>
  phoneReminderChoice(appointmentDetails({ ...numbers, ...changes }));

test('type 0 asks for no phone reminder', () => {
  assert.is(choice({ phoneReminderType: 0 }), null);
  assert.is(choice({ phoneReminderType: 9 }), null);
});

test('each type picks its channel and number', () => {
  assert.equal(choice({ phoneReminderType: 1 }), { channel: 'voice', recipient: '613-555-0100' });
  assert.equal(choice({ phoneReminderType: 2 }), { channel: 'sms', recipient: '613-555-0100' });
  assert.equal(choice({ phoneReminderType: 3 }), { channel: 'voice', recipient: '613-555-0199' });
  assert.equal(choice({ phoneReminderType: 4 }), { channel: 'sms', recipient: '613-555-0199' });
  assert.equal(choice({ phoneReminderType: 5 }), { channel: 'voice', recipient: '819-555-0123' });
  assert.equal(choice({ phoneReminderType: 6 }), { channel: 'sms', recipient: '819-555-0123' });
});

test('do not call on the chosen number skips it; the other number’s flag does not matter', () => {
  assert.equal(choice({ phoneReminderType: 2, phoneDoNotCall: true }), { channel: 'sms', skipped: DO_NOT_CALL });
  assert.equal(choice({ phoneReminderType: 3, phoneAltDoNotCall: true }), { channel: 'voice', skipped: DO_NOT_CALL });
  assert.equal(choice({ phoneReminderType: 4, phoneDoNotCall: true }), { channel: 'sms', recipient: '613-555-0199' });
  assert.equal(choice({ phoneReminderType: 6, phoneDoNotCall: true, phoneAltDoNotCall: true }), {
    channel: 'sms',
    recipient: '819-555-0123',
  });
});

test('a chosen number left empty is skipped', () => {
  assert.equal(choice({ phoneReminderType: 4, phoneAlt: '  ' }), { channel: 'sms', skipped: NO_PHONE_NUMBER });
  assert.equal(choice({ phoneReminderType: 5, phoneReminderCustom: '' }), {
    channel: 'voice',
    skipped: NO_PHONE_NUMBER,
  });
});

test.run();
