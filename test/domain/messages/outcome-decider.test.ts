import { suite } from 'uvu';
import type { MessageEvent, MessageFailed, MessageSent } from '../../../domain/messages/events';
import { messageOutcomeDecider } from '../../../domain/messages/outcome-decider';
import { scenario } from '../../support/given-when-then';

const outcome: MessageSent['data'] = {
  appointmentId: 7,
  calendarId: 2,
  messageKey: 'reminder:7:2026-12-03T09:00:00:2d:email',
  kind: 'reminder',
  channel: 'email',
  offsetDays: 2,
  recipientHint: 'a…@example.org',
  at: '2026-12-01T14:00:00.000Z',
};
const failure: MessageFailed['data'] = { ...outcome, reason: '550 mailbox unavailable' };
const sent: MessageEvent = { type: 'MessageSent', data: outcome };
const failed: MessageEvent = { type: 'MessageFailed', data: failure };
const { given } = scenario(messageOutcomeDecider);

const test = suite('messages outcome decider');
test('a first send is recorded', () => {
  given().when({ type: 'RecordMessageSent', data: outcome }).then(sent);
});
test('a second MessageSent for the same message is refused', () => {
  given(sent).when({ type: 'RecordMessageSent', data: outcome }).thenRefused('MESSAGE_ALREADY_SENT');
});
test('a message recorded as sent cannot be recorded as failed afterwards', () => {
  given(sent).when({ type: 'RecordMessageFailed', data: failure }).thenRefused('MESSAGE_ALREADY_SENT');
});
test('a send after a failure (staff retried it) is recorded', () => {
  given(failed).when({ type: 'RecordMessageSent', data: outcome }).then(sent);
});
test('a failure after a failure is recorded', () => {
  given(failed).when({ type: 'RecordMessageFailed', data: failure }).then(failed);
});
test('another message of the same appointment is recorded after a send', () => {
  const moved = { ...outcome, messageKey: 'moved:7:v3:email', kind: 'moved' as const, offsetDays: null };
  given(sent).when({ type: 'RecordMessageSent', data: moved }).then({ type: 'MessageSent', data: moved });
});
test.run();
