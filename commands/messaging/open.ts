import { assertNever } from '../../domain/shared/decider';
import type { Config } from '../infrastructure/config';
import type { Logger } from '../infrastructure/logger';
import { outboxFolder } from '../mail/open';
import { outboxMessenger } from './outbox';
import type { Messenger } from './port';
import { twilioMessenger } from './twilio';

/** Twilio when MESSAGING=twilio (with its TWILIO_* settings); otherwise files in DATA_DIR/outbox. */
export function openMessenger(config: Config, logger: Logger): Messenger {
  const { messaging } = config;
  switch (messaging.adapter) {
    case 'twilio':
      return twilioMessenger(messaging);
    case 'outbox':
      return outboxMessenger(outboxFolder(config), logger);
    default:
      return assertNever(messaging);
  }
}
