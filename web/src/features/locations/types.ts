import type { z } from 'zod';
import type {
  locationBody,
  locationDeleted,
  locationList,
  locationResponse,
  locationSaved,
} from '../../../../api/locations/schemas';

/** The location calls (§7 Reference data: locations), inferred from the API's own schemas (types only). */
export type Location = z.infer<typeof locationResponse>;
export type LocationList = z.infer<typeof locationList>;
export type LocationBody = z.input<typeof locationBody>;
export type LocationSaved = z.infer<typeof locationSaved>;
export type LocationDeleted = z.infer<typeof locationDeleted>;
export type OfficeRegion = Location['officeRegion'];
export type Province = Location['province'];
