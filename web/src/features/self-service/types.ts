import type { z } from 'zod';
import type {
  bookingCancelled,
  bookingLookupBody,
  managedBooking,
  selfServiceReason,
} from '../../../../api/self-service/schemas';
import type { Language } from '../../i18n/languages';

/** The answers and bodies of the self-service calls (issue 20), inferred from the API's own schemas (types only). */
export type ManagedBooking = z.infer<typeof managedBooking>;
export type SelfServiceReason = z.infer<typeof selfServiceReason>;
export type BookingCancelled = z.infer<typeof bookingCancelled>;
export type LookupRequest = Omit<z.input<typeof bookingLookupBody>, 'botCheck' | 'locale'> & {
  botCheck?: string;
  locale: Language;
};
export interface TokenRequest {
  token: string;
  locale: Language;
}
export interface RescheduleRequest extends TokenRequest {
  lockToken: string;
}
