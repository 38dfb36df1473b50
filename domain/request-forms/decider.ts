import { DomainError, assertNever, type Decider } from '../shared/decider';
import type { RequestFormCommand } from './commands';
import type { RequestFormEvent } from './events';
import type { RequestFormFields } from './request-form';
import { assertValidRequestForm, refusal } from './rules';

export type RequestFormState =
  { status: 'absent' } | { status: 'open' | 'fulfilled'; requestFormId: number; fields: RequestFormFields };

export const requestFormDecider: Decider<RequestFormCommand, RequestFormEvent, RequestFormState> = {
  initialState: { status: 'absent' },

  decide(command, state) {
    switch (command.type) {
      case 'SubmitRequestForm': {
        if (state.status !== 'absent')
          throw new DomainError('REQUEST_FORM_ALREADY_EXISTS', 'This request already exists.');
        const { requestFormId, fields, requestedBy, found, now, createdOn } = command.data;
        assertValidRequestForm(fields, found, createdOn);
        return [
          { type: 'RequestFormSubmitted', data: { requestFormId, fields, createdBy: requestedBy, createdAt: now } },
        ];
      }
      case 'MarkRequestFormFulfilled': {
        if (state.status === 'absent') throw new DomainError('REQUEST_FORM_NOT_FOUND', 'There is no such request.');
        if (state.status === 'fulfilled')
          throw new DomainError('REQUEST_FORM_ALREADY_FULFILLED', 'This request is already done.');
        const { calendarId, calendarFound, dates, fulfilledBy, now } = command.data;
        if (!calendarFound) throw refusal('UNKNOWN_CALENDAR', 'There is no such calendar.', ['calendarId']);
        const { fields } = state;
        if (fields.requestType === 'requestformdates' && calendarId !== fields.calendarId)
          throw refusal('REQUEST_CALENDAR_MISMATCH', 'The dates were asked for another calendar.', ['calendarId']);
        return [
          {
            type: 'RequestFormFulfilled',
            data: {
              requestFormId: state.requestFormId,
              calendarId,
              dates: [...new Set(dates ?? requestedDates(fields))].sort(),
              fulfilledBy,
              fulfilledAt: now,
            },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'RequestFormSubmitted':
        return { status: 'open', requestFormId: event.data.requestFormId, fields: event.data.fields };
      case 'RequestFormFulfilled':
        return state.status === 'absent' ? state : { ...state, status: 'fulfilled' };
      default:
        return assertNever(event);
    }
  },
};

/** A dates request adds the clinic dates it asked for; a new calendar's dates are added by whoever creates it. */
const requestedDates = (fields: RequestFormFields): string[] =>
  fields.requestType === 'requestformdates' ? fields.lanes.flatMap((lane) => lane.clinicDates) : [];
