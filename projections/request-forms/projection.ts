import { requestFormEventTypes, type RequestFormEvent } from '../../domain/request-forms/events';
import { assertNever } from '../../domain/shared/decider';
import type { Projection } from '../runner/projection';

/** Read model `requestForms`: one row per request, the form in `form` (jsonb), its fulfilment in `fulfilment`. */
export const requestFormsProjection: Projection = {
  name: 'requestForms',
  tables: ['request_forms'],
  eventTypes: requestFormEventTypes,
  async apply(trx, domainEvent) {
    const event = domainEvent as RequestFormEvent;
    switch (event.type) {
      case 'RequestFormSubmitted': {
        const { requestFormId, fields, createdBy, createdAt } = event.data;
        await trx.raw(
          `insert into request_forms (id, request_type, calendar_id, created_by, created_by_name, created_at, form)
           values (?, ?, ?, ?, ?, ?, ?::jsonb)
           on conflict (id) do update set request_type = excluded.request_type, calendar_id = excluded.calendar_id,
             created_by = excluded.created_by, created_by_name = excluded.created_by_name,
             created_at = excluded.created_at, form = excluded.form`,
          [
            requestFormId,
            fields.requestType,
            fields.calendarId,
            createdBy.userId,
            createdBy.name,
            createdAt,
            JSON.stringify(fields),
          ],
        );
        return;
      }
      case 'RequestFormFulfilled': {
        const { requestFormId, calendarId, dates, fulfilledBy, fulfilledAt } = event.data;
        await trx.raw(
          `update request_forms set fulfilled_at = ?, fulfilled_calendar_id = ?, fulfilment = ?::jsonb where id = ?`,
          [fulfilledAt, calendarId, JSON.stringify({ fulfilledBy, dates }), requestFormId],
        );
        return;
      }
      default:
        return assertNever(event);
    }
  },
};
