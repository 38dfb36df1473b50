import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { errorCode } from '../../shared/errorMessages';
import { showSuccess } from '../../shared/toaster';
import { savedCalendarOf } from '../calendars';
import { useFulfilRequestFormMutation } from './requestFormsApi';
import type { RequestForm } from './types';
import { BANNER_MS } from './useRequestForm';

/**
 * Back on a request after its calendar was created (or its dates added) from it: the router state names the calendar
 * (and the dates), and POST /api/request-forms/{id}/fulfilment records the request as done. Once recorded the state is
 * cleared, so that going back to this page does not send it again; a refusal stays shown, with a way to retry.
 */
export function useFulfilment(request: RequestForm) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const saved = savedCalendarOf(location.state);
  const [fulfil, fulfilment] = useFulfilRequestFormMutation();
  const sent = useRef(false);
  const pending = saved !== null && request.fulfilledAt === null;

  async function record() {
    if (!saved) return;
    const { savedCalendarId: calendarId, savedDates: dates } = saved;
    const answer = await fulfil({ id: request.id, body: { calendarId, ...(dates ? { dates } : {}) } });
    // Done already (by another administrator, or this page sent it before): nothing left to record.
    if ('error' in answer && errorCode(answer.error) !== 'REQUEST_FORM_ALREADY_FULFILLED') return;
    if (!('error' in answer)) showSuccess(t('requestForms.details.fulfilled'), BANNER_MS);
    void navigate(location.pathname, { replace: true, state: null });
  }

  useEffect(() => {
    if (!pending || sent.current) return;
    sent.current = true;
    void record();
  });

  return {
    pending,
    recording: fulfilment.isLoading,
    failure: fulfilment.error,
    /** The calendar saved is not the one the request asked dates for. */
    wrongCalendar: errorCode(fulfilment.error) === 'REQUEST_CALENDAR_MISMATCH',
    retry: () => void record(),
  };
}
