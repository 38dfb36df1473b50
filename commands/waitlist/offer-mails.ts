import { errorForLog } from '../infrastructure/error-for-log';
import type { Logger } from '../infrastructure/logger';
import type { MailMessage, Mailer } from '../mail/port';

interface Unsent {
  message: MailMessage;
  /** No use sending it after the offer ends. */
  until: Date;
  context: Record<string, unknown>;
}

export interface OfferMails {
  /** Sends an offer's e-mail; one that fails is kept and tried again by `retry` until the offer ends. */
  send(holdToken: string, message: MailMessage, until: Date, context: Record<string, unknown>): Promise<boolean>;
  /** Tries again the e-mails that failed; those whose offer has ended are given up. */
  retry(now: Date): Promise<number>;
}

/**
 * The offers' e-mails: each is sent once by the process that made the offer, right after it is recorded (a second
 * instance never makes the same offer: the line refuses it). A send that fails (the mail server down) is tried again
 * at each round while the offer runs; if the process stops before, the offer lapses unseen and passes to the next.
 */
export function offerMails(mailer: Mailer, logger: Logger): OfferMails {
  const unsent = new Map<string, Unsent>();

  async function attempt(holdToken: string, mail: Unsent): Promise<boolean> {
    try {
      await mailer.send(mail.message);
      unsent.delete(holdToken);
      logger.info(mail.context, 'waitlist offer e-mail sent');
      return true;
    } catch (error) {
      unsent.set(holdToken, mail);
      logger.warn({ ...mail.context, err: errorForLog(error) }, 'waitlist offer e-mail failed; will retry');
      return false;
    }
  }

  return {
    send: (holdToken, message, until, context) => attempt(holdToken, { message, until, context }),
    async retry(now) {
      let sent = 0;
      for (const [holdToken, mail] of [...unsent]) {
        if (mail.until <= now) {
          unsent.delete(holdToken);
          logger.error(mail.context, 'waitlist offer e-mail FAILED until its offer ended; not sent');
        } else if (await attempt(holdToken, mail)) sent++;
      }
      return sent;
    },
  };
}
