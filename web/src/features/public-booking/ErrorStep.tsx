import { Button, Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { errorMessageOfCode } from './bookingErrors';
import { StepFrame } from './StepFrame';

/** §8: a booking that failed: 'An error occurred. Please try again', the reason, and ways back. */
export function ErrorStep({
  code,
  focus,
  onRetry,
  onRestart,
}: {
  code: string;
  focus: boolean;
  onRetry: () => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const reason = errorMessageOfCode(t, code);
  return (
    <StepFrame
      title={t('booking.error.title')}
      focus={focus}
      extraActions={
        <>
          <Button variant="outlined" icon="refresh" onClick={onRestart}>
            {t('booking.error.restart')}
          </Button>
          <Button intent="primary" icon="time" onClick={onRetry}>
            {t('booking.error.retry')}
          </Button>
        </>
      }
    >
      <Callout intent="danger" icon="error" role="alert" className="booking-callout">
        <p>{t('errors.generic')}</p>
        {reason !== t('errors.generic') && <p>{reason}</p>}
      </Callout>
    </StepFrame>
  );
}
