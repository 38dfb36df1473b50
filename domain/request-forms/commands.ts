import type { DomainCommand } from '../shared/decider';
import type { RequestFormFields, RequestFormRequester } from './request-form';

/** Which of the records the form names exist, looked up in the read models (only those it names are asked). */
export interface NamedRecordsFound {
  calendar: boolean;
  location: boolean;
  confirmationTemplate: boolean;
  reminderTemplate: boolean;
}

/** `createdOn` is the date of submission in the unit's time zone: clinic dates are counted from its month. */
export type SubmitRequestForm = DomainCommand<
  'SubmitRequestForm',
  {
    requestFormId: number;
    fields: RequestFormFields;
    requestedBy: RequestFormRequester;
    found: NamedRecordsFound;
    now: string;
    createdOn: string;
  }
>;

/** `dates` left out: a dates request adds the clinic dates it asked for; a new calendar none. */
export type MarkRequestFormFulfilled = DomainCommand<
  'MarkRequestFormFulfilled',
  {
    requestFormId: number;
    calendarId: number;
    calendarFound: boolean;
    dates?: string[];
    fulfilledBy: RequestFormRequester;
    now: string;
  }
>;

export type RequestFormCommand = SubmitRequestForm | MarkRequestFormFulfilled;
