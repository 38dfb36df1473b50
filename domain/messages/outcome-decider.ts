import { DomainError, assertNever, type Decider } from '../shared/decider';
import type { MessageEvent, MessageFailed, MessageSent } from './events';

/**
 * The outcomes on `messages-{appointmentId}` (the appointment's history of messages). The queue row decides what is
 * sent; this decider guards the record: a message recorded as sent is never recorded again, neither as sent (a
 * second MessageSent would show a send that did not happen) nor as failed. A failure may follow a failure (staff
 * retried it) and a send may follow a failure.
 */
export type RecordMessageSent = { type: 'RecordMessageSent'; data: MessageSent['data'] };
export type RecordMessageFailed = { type: 'RecordMessageFailed'; data: MessageFailed['data'] };
export type MessageOutcomeCommand = RecordMessageSent | RecordMessageFailed;

export type MessageOutcomeState =
  { status: 'none' } | { status: 'recorded'; outcomes: Readonly<Record<string, 'sent' | 'failed'>> };

const outcomeOf = (state: MessageOutcomeState, messageKey: string): 'sent' | 'failed' | undefined =>
  state.status === 'recorded' ? state.outcomes[messageKey] : undefined;

export const messageOutcomeDecider: Decider<MessageOutcomeCommand, MessageEvent, MessageOutcomeState> = {
  initialState: { status: 'none' },

  decide(command, state) {
    if (outcomeOf(state, command.data.messageKey) === 'sent')
      throw new DomainError('MESSAGE_ALREADY_SENT', 'This message has already been sent.');
    switch (command.type) {
      case 'RecordMessageSent':
        return [{ type: 'MessageSent', data: command.data }];
      case 'RecordMessageFailed':
        return [{ type: 'MessageFailed', data: command.data }];
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    const outcomes = state.status === 'recorded' ? state.outcomes : {};
    switch (event.type) {
      case 'MessageSent':
        return { status: 'recorded', outcomes: { ...outcomes, [event.data.messageKey]: 'sent' } };
      case 'MessageFailed':
        return { status: 'recorded', outcomes: { ...outcomes, [event.data.messageKey]: 'failed' } };
      default:
        return assertNever(event);
    }
  },
};
