import type { z } from 'zod';
import type {
  serviceBody,
  serviceCalendar,
  serviceDeleted,
  serviceList,
  serviceResponse,
} from '../../../../../api/services/schemas';

/** The admin service calls (§7 Reference data: services), inferred from the API's own schemas (types only). */
export type Service = z.infer<typeof serviceResponse>;
export type ServiceBody = z.input<typeof serviceBody>;
export type ServiceList = z.infer<typeof serviceList>;
export type ServiceCalendar = z.infer<typeof serviceCalendar>;
export type ServiceDeleted = z.infer<typeof serviceDeleted>;
