import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { governingService } from '../../../domain/self-service/governing-service';

/** Issue 20: which public service's settings govern a booking's self-service. */
const services = [
  { id: 7, calendarIds: [3, 4] },
  { id: 2, calendarIds: [4] },
  { id: 9, calendarIds: [5] },
];

const test = suite('self-service: the governing service');
test('the service booked through, while it is enabled and public (in the list)', () => {
  assert.is(governingService({ serviceId: 7, calendarId: 4 }, services)?.id, 7);
  assert.is(governingService({ serviceId: 9, calendarId: 4 }, services)?.id, 9, 'even when it no longer offers it');
});
test('else the lowest-id public service offering the calendar', () => {
  assert.is(governingService({ serviceId: null, calendarId: 4 }, services)?.id, 2);
  assert.is(governingService({ serviceId: 12, calendarId: 3 }, services)?.id, 7, 'its service is gone');
});
test('else none', () => {
  assert.is(governingService({ serviceId: null, calendarId: 8 }, services), null);
  assert.is(governingService({ serviceId: null, calendarId: 4 }, []), null);
});
test.run();
