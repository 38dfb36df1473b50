import type { z } from 'zod';
import type {
  requestFormBody,
  requestFormFulfilmentBody,
  requestFormList,
  requestFormListItem,
  requestFormResponse,
  requestLane,
} from '../../../../api/request-forms/schemas';
import type { RequestType } from '../../../../domain/request-forms/request-form';

/** The request form calls (§7 Reference data: request-forms), inferred from the API's own schemas (types only). */
export type RequestForm = z.infer<typeof requestFormResponse>;
export type RequestFormBody = z.input<typeof requestFormBody>;
export type RequestFormList = z.infer<typeof requestFormList>;
export type RequestFormListItem = z.infer<typeof requestFormListItem>;
export type RequestFormFulfilmentBody = z.input<typeof requestFormFulfilmentBody>;
export type RequestLane = z.infer<typeof requestLane>;
export type { RequestType };

/** The list's filter: one type, or both (undefined). */
export type RequestTypeFilter = RequestType | undefined;
