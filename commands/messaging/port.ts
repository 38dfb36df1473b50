/**
 * Text messages and voice calls to clients (issue 19): the port the message dispatcher sends through. Adapters:
 * the outbox (default: each message a file under DATA_DIR/outbox/) and an HTTP provider (Twilio's Messages and
 * Calls APIs). Messages carry date, time, place and confirmation code only, never other personal data.
 */
export interface TextMessage {
  /** E.164 when it can be made so (`+16135550123`), else the number as the client gave it. */
  to: string;
  body: string;
  language: 'en' | 'fr';
  /** What the message is for (`reminder`, `moved`): logged instead of its content. */
  purpose: string;
}

/** A call that reads `say` aloud in en-CA or fr-CA. */
export interface VoiceCall {
  to: string;
  say: string;
  language: 'en' | 'fr';
  purpose: string;
}

export interface Messenger {
  /** Resolves with the provider's id of the message once the provider has accepted it; throws when it did not. */
  sendText(message: TextMessage): Promise<{ providerId: string }>;
  call(call: VoiceCall): Promise<{ providerId: string }>;
}

/** A refusal the provider will give again (bad number, unsubscribed): not worth retrying. */
export class PermanentMessagingError extends Error {}
