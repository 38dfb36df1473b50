import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { errorMessage, type ApiError } from '../../shared/errorMessages';
import { RouterAnchorButton } from '../../shared/routing/RouterLinks';

export const datesPath = (calendarId: number) => `/admin/calendars/${calendarId}/dates`;

export function BackToCalendars() {
  const { t } = useTranslation();
  return (
    <RouterAnchorButton to="/admin/calendars" icon="arrow-left" variant="outlined">
      {t('calendarDates.backToCalendars')}
    </RouterAnchorButton>
  );
}

export function BackToDates({ calendarId }: { calendarId: number }) {
  const { t } = useTranslation();
  return (
    <RouterAnchorButton to={datesPath(calendarId)} icon="arrow-left" variant="outlined">
      {t('calendarDates.backToDates')}
    </RouterAnchorButton>
  );
}

/** §8: a refused batch change shows 'Error: ' followed by the text. */
export function BatchFailure({ failure }: { failure: ApiError }) {
  const { t } = useTranslation();
  if (!failure) return null;
  return (
    <Callout intent="danger" role="alert" className="form-callout">
      {t('calendarDates.batchFailed', { message: errorMessage(t, failure) })}
    </Callout>
  );
}
