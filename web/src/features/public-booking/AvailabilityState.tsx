import { Button, Callout, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { errorMessage, type ApiError } from '../../shared/errorMessages';
import { PageSpinner } from '../../shared/states/PageSpinner';

interface AvailabilityStateProps {
  isLoading: boolean;
  isFetching: boolean;
  error: ApiError;
  empty: boolean;
  refetch: () => void;
}

/**
 * What a date, session or time step shows instead of its choices: a spinner while loading, the failure with Try
 * again, or §8's 'There are no dates available.'; null when there are choices to show.
 */
export function AvailabilityState({ isLoading, isFetching, error, empty, refetch }: AvailabilityStateProps) {
  const { t } = useTranslation();
  if (isLoading) return <PageSpinner />;
  if (error) {
    return (
      <Callout intent="danger" icon="error" role="alert" className="booking-callout">
        <p>{errorMessage(t, error)}</p>
        <Button icon="refresh" onClick={refetch} loading={isFetching}>
          {t('booking.tryAgain')}
        </Button>
      </Callout>
    );
  }
  if (empty) return <NonIdealState className="page-state" icon="calendar" title={t('booking.date.none')} />;
  return null;
}
