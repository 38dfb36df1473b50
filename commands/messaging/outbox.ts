import { randomBytes } from 'node:crypto';

import type { Logger } from '../infrastructure/logger';
import { writeOutboxFile } from '../mail/outbox-file';
import { toE164 } from './phone-number';
import type { Messenger, TextMessage, VoiceCall } from './port';

/**
 * Without a messaging provider (MESSAGING=outbox, the default), each text message or call is written as a JSON file
 * to `folder` (DATA_DIR/outbox, next to the outbox's mail): `sms-<time>-<id>.json` holding
 * `{ channel: 'sms', to, language, purpose, body }`, `voice-<time>-<id>.json` holding
 * `{ channel: 'voice', to, language, purpose, say }`, the number in E.164 when it can be made so. The file's name is the message's provider id. The outbox's
 * retention (commands/mail/outbox-retention.ts) removes them with old mail.
 */
export function outboxMessenger(folder: string, logger: Logger): Messenger {
  async function write(
    channel: 'sms' | 'voice',
    content: Record<string, string>,
    purpose: string,
  ): Promise<{ providerId: string }> {
    const name = `${channel}-${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.json`;
    await writeOutboxFile(folder, name, `${JSON.stringify({ channel, ...content }, null, 2)}\n`);
    // The purpose and the file only: the number and the text (a confirmation code) are the client's.
    logger.info(
      { purpose, file: name },
      channel === 'sms' ? 'text message written to the outbox' : 'voice call written to the outbox',
    );
    return { providerId: name };
  }
  return {
    sendText: ({ to, language, purpose, body }: TextMessage) =>
      write('sms', { to: toE164(to), language, purpose, body }, purpose),
    call: ({ to, language, purpose, say }: VoiceCall) =>
      write('voice', { to: toE164(to), language, purpose, say }, purpose),
  };
}
