import type { DomainEvent } from '../shared/decider';
import type { RequestFormFields, RequestFormRequester } from './request-form';

export type RequestFormSubmitted = DomainEvent<
  'RequestFormSubmitted',
  { requestFormId: number; fields: RequestFormFields; createdBy: RequestFormRequester; createdAt: string }
>;
/** The request is done: `calendarId` is the calendar it became or was for; `dates` the dates added to it. */
export type RequestFormFulfilled = DomainEvent<
  'RequestFormFulfilled',
  {
    requestFormId: number;
    calendarId: number;
    dates: string[];
    fulfilledBy: RequestFormRequester;
    fulfilledAt: string;
  }
>;

export type RequestFormEvent = RequestFormSubmitted | RequestFormFulfilled;
export const requestFormEventTypes: RequestFormEvent['type'][] = ['RequestFormSubmitted', 'RequestFormFulfilled'];
