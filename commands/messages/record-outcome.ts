import { WrongExpectedRevisionError } from '../../domain/event-store/port';
import { messagesStream } from '../../domain/messages/events';
import { messageOutcomeDecider, type MessageOutcomeState } from '../../domain/messages/outcome-decider';
import { DomainError } from '../../domain/shared/decider';
import { appendDecisions, decideOn, type StreamDecision } from '../decide-across-streams';
import { handleCommand, type CommandContext, type CommandDependencies } from '../handle-command';
import { cachedState, rememberState, type LoadedState } from '../stream-state-cache';
import { newUuid } from '../infrastructure/ids';
import type { QueuedMessage } from './queued-message';
import { recipientHint } from './recipient-hint';

export type Outcome = { type: 'sent' } | { type: 'failed'; reason: string };

const context = (): CommandContext => ({ actor: { system: 'message dispatcher' }, correlationId: newUuid() });

function outcomeData(dependencies: CommandDependencies, message: QueuedMessage) {
  return {
    appointmentId: message.appointmentId,
    calendarId: message.calendarId,
    messageKey: message.messageKey,
    kind: message.kind,
    channel: message.channel,
    offsetDays: message.offsetDays,
    recipientHint: recipientHint(message.channel, message.recipient),
    at: dependencies.now().toISOString(),
  };
}

/**
 * The state to decide on without reading: the one this process remembers, else an empty stream (most appointments
 * get one message). If the stream is not as presumed, the append is refused on its revision and the stream is read,
 * so a wrong guess costs a retry, never a wrong record.
 */
function presumedState(dependencies: CommandDependencies, stream: string): LoadedState<MessageOutcomeState> {
  return (
    cachedState<MessageOutcomeState>(dependencies.store, messageOutcomeDecider, stream) ?? {
      state: messageOutcomeDecider.initialState,
      revision: -1,
    }
  );
}

/**
 * Appends MessageSent or MessageFailed to `messages-{appointmentId}` (the appointment's history). Answers
 * 'already sent' when the stream already records this message as sent (the decider refuses a second record): a
 * sender that stopped after recording its send did send it.
 */
export async function recordOutcome(
  dependencies: CommandDependencies,
  message: QueuedMessage,
  outcome: Outcome,
): Promise<'recorded' | 'already sent'> {
  const data = outcomeData(dependencies, message);
  const stream = messagesStream(message.appointmentId);
  rememberState(dependencies.store, messageOutcomeDecider, stream, presumedState(dependencies, stream));
  try {
    await handleCommand(
      dependencies,
      messageOutcomeDecider,
      stream,
      outcome.type === 'sent'
        ? { type: 'RecordMessageSent', data }
        : { type: 'RecordMessageFailed', data: { ...data, reason: outcome.reason } },
      context(),
    );
    return 'recorded';
  } catch (error) {
    if (error instanceof DomainError && error.code === 'MESSAGE_ALREADY_SENT') return 'already sent';
    throw error;
  }
}

/**
 * Records the sends of a batch in one append over their streams (one round trip instead of one a message). A message
 * whose stream is not as presumed (a second message of an appointment in the batch, a stream written elsewhere) is
 * recorded on its own afterwards, on the stream read from the store.
 */
export async function recordSends(dependencies: CommandDependencies, messages: QueuedMessage[]): Promise<void> {
  const decisions: StreamDecision[] = [];
  const onTheirOwn: QueuedMessage[] = [];
  for (const message of messages) {
    const streamId = messagesStream(message.appointmentId);
    if (decisions.some((decision) => decision.streamId === streamId)) {
      onTheirOwn.push(message);
      continue;
    }
    const presumed = presumedState(dependencies, streamId);
    try {
      decisions.push(
        decideOn(
          messageOutcomeDecider,
          { streamId, ...presumed },
          { type: 'RecordMessageSent', data: outcomeData(dependencies, message) },
        ),
      );
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      onTheirOwn.push(message); // refused on the remembered state: decided again on the stream as it is
    }
  }
  try {
    await appendDecisions(dependencies, decisions, context()); // remembers each stream's new state
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    onTheirOwn.push(...messages.filter((message) => !onTheirOwn.includes(message)));
  }
  for (const message of onTheirOwn) await recordOutcome(dependencies, message, { type: 'sent' });
}
