import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { appointmentEnd, manageLinkOf } from '../../../commands/confirmation-mails/manage-link';
import { verifyManageToken } from '../../../commands/self-service/manage-token';

/** Issue 20: the "manage my booking" link of e-mails, signed for the appointment until it is over. */
const test = suite('confirmation mails: the link to manage the booking');
const links = { authSecret: 'link-test-secret-link-test-secret-link', publicUrl: 'https://book.unit.example' };
const course = [
  { date: '2026-10-28', startTime: '18:00:00', endTime: '20:00:00' },
  { date: '2026-11-04', startTime: '18:00:00', endTime: '20:30:00' },
];

test('a course’s link lapses at the end of its last session, in the unit’s zone (after the clocks went back)', () => {
  const link = manageLinkOf(links, { appointmentId: 42, language: 'fr', sessions: course }, 'America/Toronto');
  assert.ok(link?.startsWith('https://book.unit.example/fr/appointment#token='), link ?? 'no link');
  const token = link!.slice(link!.indexOf('#token=') + '#token='.length);
  const lastEnd = new Date('2026-11-05T01:30:00Z'); // 20:30 EST
  assert.equal(verifyManageToken(links.authSecret, token, new Date('2026-11-01T12:00:00Z')), {
    appointmentId: 42,
    expiresAt: lastEnd,
  });
  assert.is(verifyManageToken(links.authSecret, token, lastEnd), 'expired');
});

test('the end is the latest of the sessions whatever their order; none, no link', () => {
  assert.equal(appointmentEnd([...course].reverse(), 'America/Toronto'), new Date('2026-11-05T01:30:00Z'));
  assert.equal(appointmentEnd([course[0]!], 'America/Toronto'), new Date('2026-10-29T00:00:00Z')); // 20:00 EDT
  assert.is(appointmentEnd([], 'America/Toronto'), null);
  assert.is(manageLinkOf(links, { appointmentId: 1, language: 'en', sessions: [] }, 'America/Toronto'), null);
});

test.run();
