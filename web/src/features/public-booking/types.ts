import type { z } from 'zod';
import type { publicAppointmentBody } from '../../../../api/appointments/schemas';
import type { lockResponse, publicLockBody } from '../../../../api/locks/schemas';
import type { publicDateList, publicSessionList } from '../../../../api/public-booking/schemas';
import type { PublicService } from './serviceTypes';

/** The answers and bodies of the public booking calls (§7 Public), inferred from the API's own schemas (types only). */
export type PublicCalendar = PublicService['calendars'][number];
export type PublicDate = z.infer<typeof publicDateList>['items'][number];
export type PublicTimeslot = PublicDate['timeslots'][number];
/** §3 Group session (public): `spots` is the number of spots left. */
export type PublicSession = z.infer<typeof publicSessionList>['items'][number];
export type LockRequest = z.input<typeof publicLockBody>;
export type LockAnswer = z.infer<typeof lockResponse>;

/** The appointment as the API reads it, plus the bot check's payload (absent when the bot check is off). */
export type PublicAppointmentPayload = z.input<typeof publicAppointmentBody> & { botCheck?: string };
