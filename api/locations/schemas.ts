import { z } from 'zod';
import { acceptingReadOnlyFields } from '../representation-body';
import { recordIdParam } from '../shared-schemas';

import { OFFICE_REGIONS, PROVINCES } from '../../domain/locations/location';

export { OFFICE_REGIONS, PROVINCES };

export const locationIdParams = z.strictObject({ id: recordIdParam });

const text = (max: number) => z.string().trim().max(max);
const phone = z
  .string()
  .trim()
  .regex(/^(\d{3}-?\d{3}-?\d{4})?$/, 'Enter a valid 10-digit phone number')
  .max(12);

/**
 * A location (§3, §5): name, nameFr and officeRegion always; address, addressFr, city, province and postalCode
 * only when it is not virtual (they are cleared for a virtual one). Defaults of a new one: Cornwall, ON, not virtual.
 */
export const locationBody = z
  .strictObject({
    name: text(150).min(1),
    nameFr: text(150).min(1),
    officeRegion: z.enum(OFFICE_REGIONS).default('Cornwall'),
    isVirtual: z.boolean().default(false),
    address: text(200).default(''),
    addressFr: text(200).default(''),
    city: text(100).default(''),
    province: z.enum(PROVINCES).default('ON'),
    postalCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^([A-Z]\d[A-Z] ?\d[A-Z]\d)?$/, 'Enter a postal code like K6H 1A1')
      .default(''),
    email: z.union([z.literal(''), z.string().trim().email().max(180)]).default(''),
    phone: phone.default(''),
    /** The messaging-service location field of §3 (the SMS gateway's location code). */
    messagingLocation: text(100).default(''),
  })
  .superRefine((location, context) => {
    if (location.isVirtual) return;
    for (const field of ['address', 'addressFr', 'city', 'postalCode'] as const) {
      if (!location[field])
        context.addIssue({ code: 'custom', path: [field], message: 'Required unless the location is virtual' });
    }
  });

export const locationResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  nameFr: z.string(),
  officeRegion: z.enum(OFFICE_REGIONS),
  isVirtual: z.boolean(),
  address: z.string(),
  addressFr: z.string(),
  city: z.string(),
  province: z.enum(PROVINCES),
  postalCode: z.string(),
  email: z.string(),
  phone: z.string(),
  messagingLocation: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
/** PUT locations/{id}: the form's fields, or the location as GET answered it (its read-only fields ignored). */
export const locationPutBody = acceptingReadOnlyFields(locationBody, locationResponse);
export const locationList = z.object({ items: z.array(locationResponse) });
export const locationSaved = z.object({ id: z.number().int() });
export const locationDeleted = z.object({ deleted: z.literal(true) });
