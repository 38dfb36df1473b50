import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toE164 } from '../../../commands/messaging/phone-number';

const test = suite('messaging: phone numbers to E.164');

test('a North American number in any usual writing becomes +1 and ten digits', () => {
  for (const written of [
    '613-555-0123',
    '(613) 555-0123',
    '613.555.0123',
    '6135550123',
    '1 613 555 0123',
    ' 1-613-555-0123 ',
  ])
    assert.is(toE164(written), '+16135550123', written);
});

test('a number given with a leading + keeps its country code, spaces and dashes taken out', () => {
  assert.is(toE164('+16135550123'), '+16135550123');
  assert.is(toE164('+33 1 23 45 67 89'), '+33123456789');
});

test('what is not a plain number is returned as given, for the provider to refuse', () => {
  for (const written of ['555-0123', '613-555-0123 ext. 4', '2 613 555 0123', '+1', 'unknown', ''])
    assert.is(toE164(written), written, written);
});

test.run();
