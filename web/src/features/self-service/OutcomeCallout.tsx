import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { assertNever } from '../../../../domain/shared/decider';

/** What just happened to the booking, shown above it. */
export type BookingOutcome =
  { kind: 'moved' } | { kind: 'cancelled'; code: string } | { kind: 'refused'; message: string };

export function OutcomeCallout({ outcome }: { outcome: BookingOutcome }) {
  const { t } = useTranslation();
  switch (outcome.kind) {
    case 'cancelled':
      return (
        <Callout intent="success" icon="tick-circle" role="status" className="booking-callout">
          <p>{t('selfService.cancel.done', { code: outcome.code })}</p>
        </Callout>
      );
    case 'moved':
      return (
        <Callout intent="success" icon="tick-circle" role="status" className="booking-callout">
          <p>{t('selfService.move.done')}</p>
        </Callout>
      );
    case 'refused':
      return (
        <Callout intent="warning" icon="warning-sign" role="alert" className="booking-callout">
          <p>{outcome.message}</p>
        </Callout>
      );
    default:
      return assertNever(outcome);
  }
}
