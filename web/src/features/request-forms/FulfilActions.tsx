import { Button, Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { FailureCallout } from '../../shared/forms/FailureCallout';
import { useToday } from '../../shared/useToday';
import { addDatesState, newCalendarState, requestedDates } from './handover';
import type { RequestForm } from './types';
import { useFulfilment } from './useFulfilment';

/**
 * An administrator's way to fulfil a request: Create this calendar (the New calendar form, prefilled) or Add these
 * dates (the calendar's batch add, prefilled with the clinic dates still to come and the lanes). Saving there comes
 * back here, and the request is recorded as done.
 */
export function FulfilActions({ request }: { request: RequestForm }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const today = useToday();
  const fulfilment = useFulfilment(request);

  if (fulfilment.pending) {
    return (
      <>
        {fulfilment.wrongCalendar ? (
          <Callout intent="danger" role="alert" className="form-callout">
            {t('requestForms.details.wrongCalendar')}
          </Callout>
        ) : (
          <FailureCallout failure={fulfilment.failure} />
        )}
        {fulfilment.failure ? (
          <div className="page-actions page-actions-start">
            <Button icon="tick" intent="primary" loading={fulfilment.recording} onClick={fulfilment.retry}>
              {t('requestForms.details.retryFulfil')}
            </Button>
          </div>
        ) : (
          <Callout intent="primary" icon="time" className="form-callout">
            {t('requestForms.details.recording')}
          </Callout>
        )}
      </>
    );
  }
  if (request.fulfilledAt !== null) return null;
  if (request.requestType === 'requestformcalendar') {
    return (
      <div className="page-actions page-actions-start">
        <Button
          icon="add"
          intent="primary"
          onClick={() => void navigate('/admin/calendars/new', { state: newCalendarState(request) })}
        >
          {t('requestForms.details.createCalendar')}
        </Button>
      </div>
    );
  }
  const calendarId = request.calendarId;
  const noDates = requestedDates(request, today).length === 0;
  return (
    <>
      {noDates && (
        <Callout intent="warning" className="form-callout">
          {t('requestForms.details.noFutureDates')}
        </Callout>
      )}
      <div className="page-actions page-actions-start">
        <Button
          icon="add"
          intent="primary"
          disabled={noDates || calendarId === null}
          onClick={() =>
            void navigate(`/admin/calendars/${calendarId}/dates/batch/add`, { state: addDatesState(request, today) })
          }
        >
          {t('requestForms.details.addDates')}
        </Button>
      </div>
    </>
  );
}
