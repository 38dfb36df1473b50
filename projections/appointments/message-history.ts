import type { MessageChannel, MessageKind } from '../../domain/messages/message';
import type { MessageFailed, MessageSent } from '../../domain/messages/events';

/** A message to the client as its history entry shows it (issue 19): what, how, to whom (masked) and why it failed. */
export interface MessageHistory {
  kind: MessageKind;
  channel: MessageChannel;
  offsetDays: number | null;
  recipientHint: string;
  reason: string | null;
}

/**
 * The history table's `changes` hold a message's details as `name:value` texts, so that every entry's changes stay a
 * list of texts (the table has no column of its own for them; readers of changes never meet another shape).
 */
export function messageChanges(event: MessageSent | MessageFailed): string[] {
  const { kind, channel, offsetDays, recipientHint } = event.data;
  return [
    `kind:${kind}`,
    `channel:${channel}`,
    ...(offsetDays === null ? [] : [`offsetDays:${offsetDays}`]),
    `recipientHint:${recipientHint}`,
    ...(event.type === 'MessageFailed' ? [`reason:${event.data.reason}`] : []),
  ];
}

/** The details `messageChanges` stored, read back. */
export function messageOf(changes: string[]): MessageHistory {
  const value = (name: string): string | null => {
    const found = changes.find((change) => change.startsWith(`${name}:`));
    return found === undefined ? null : found.slice(name.length + 1);
  };
  const offsetDays = value('offsetDays');
  return {
    kind: value('kind') as MessageKind,
    channel: value('channel') as MessageChannel,
    offsetDays: offsetDays === null ? null : Number(offsetDays),
    recipientHint: value('recipientHint') ?? '',
    reason: value('reason'),
  };
}
