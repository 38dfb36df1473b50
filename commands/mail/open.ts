import path from 'node:path';
import type { Config } from '../infrastructure/config';
import type { Logger } from '../infrastructure/logger';
import { outboxMailer } from './outbox';
import type { Mailer } from './port';
import { smtpMailer } from './smtp';

/** SMTP when SMTP_URL is set; otherwise files in DATA_DIR/outbox, their text logged outside production. */
export function openMailer(config: Config, logger: Logger): Mailer {
  if (config.smtpUrl) return smtpMailer(config.smtpUrl, config.mailFrom);
  return outboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, logger, { logContent: !config.production });
}
