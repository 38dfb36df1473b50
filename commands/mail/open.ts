import path from 'node:path';
import type { Config } from '../infrastructure/config';
import type { Logger } from '../infrastructure/logger';
import { outboxMailer } from './outbox';
import { startOutboxRetention, type OutboxRetention } from './outbox-retention';
import type { Mailer } from './port';
import { smtpMailer } from './smtp';

export const outboxFolder = (config: Pick<Config, 'dataDir'>): string => path.join(config.dataDir, 'outbox');

/** SMTP when SMTP_URL is set; otherwise files in DATA_DIR/outbox, their text logged outside production. */
export function openMailer(config: Config, logger: Logger): Mailer {
  if (config.smtpUrl) return smtpMailer(config.smtpUrl, config.mailFrom);
  return outboxMailer(outboxFolder(config), config.mailFrom, logger, { logContent: !config.production });
}

/**
 * Without SMTP_URL, or with text messages written there (MESSAGING=outbox), the outbox keeps OUTBOX_RETENTION_DAYS
 * days of files; with SMTP and a messaging provider, there is nothing to keep.
 */
export function startOutboxHousekeeping(config: Config, logger: Logger): OutboxRetention | undefined {
  if (config.smtpUrl && config.messaging.adapter !== 'outbox') return undefined;
  return startOutboxRetention({ folder: outboxFolder(config), days: config.outboxRetentionDays, logger });
}
