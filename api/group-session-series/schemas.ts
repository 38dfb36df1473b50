import { z } from 'zod';
import { recordIdParam } from '../shared-schemas';

export const registrationParams = z.strictObject({ id: recordIdParam, seriesId: recordIdParam });
export const registrationItemParams = z.strictObject({
  id: recordIdParam,
  seriesId: recordIdParam,
  appointmentId: recordIdParam,
});

/** A registration as the series detail page lists it (§2.3). */
export const registrationList = z.object({
  items: z.array(
    z.object({
      appointmentId: z.number().int(),
      confirmationCode: z.string(),
      clients: z.array(z.object({ firstName: z.string(), lastName: z.string() })),
      phone: z.string(),
      phoneAlt: z.string(),
      email: z.string(),
      spots: z.number().int(),
      registeredOn: z.string(),
    }),
  ),
});
export const unregistered = z.object({ unregistered: z.literal(true) });
