import type { RequestType } from '../../domain/request-forms/request-form';
import type { Logger } from '../infrastructure/logger';
import type { Mailer } from '../mail/port';
import type { ReadModelLookups } from '../read-model-lookups';
import { requestFormArrivedMail } from './mails';

export interface RequestNoticeDependencies {
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  lookups: Pick<ReadModelLookups, 'administratorEmails'>;
}

/**
 * Tells every enabled administrator that a request arrived. Runs after the request is stored: a mail that cannot be
 * sent is logged (without the address), and the request stands; the list shows it either way.
 */
export async function notifyAdministratorsOfRequest(
  dependencies: RequestNoticeDependencies,
  request: { requestFormId: number; requestType: RequestType; requestedBy: string },
): Promise<void> {
  const link = `${dependencies.publicUrl.replace(/\/+$/, '')}/admin/request-forms/${request.requestFormId}/view`;
  let addresses: string[];
  try {
    addresses = await dependencies.lookups.administratorEmails();
  } catch (error) {
    dependencies.logger.error({ err: error, requestFormId: request.requestFormId }, 'request notice not sent');
    return;
  }
  await Promise.all(
    addresses.map((to) =>
      dependencies.mailer
        .send(requestFormArrivedMail(to, { requestType: request.requestType, requestedBy: request.requestedBy, link }))
        .catch((error: unknown) => {
          dependencies.logger.error({ err: error, requestFormId: request.requestFormId }, 'request notice not sent');
        }),
    ),
  );
}
