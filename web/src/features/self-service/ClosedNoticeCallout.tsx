import { Callout } from '@blueprintjs/core';
import { Trans, useTranslation } from 'react-i18next';
import { assertNever } from '../../../../domain/shared/decider';
import { closedNotice, telHref } from './closedNotice';
import type { ManagedBooking } from './types';

/** Why the booking cannot be changed online (or not moved), with the place's phone to call instead. */
export function ClosedNoticeCallout({ booking }: { booking: ManagedBooking }) {
  const { t } = useTranslation();
  const notice = closedNotice(booking);
  if (!notice) return null;
  let text;
  switch (notice.kind) {
    case 'call':
      text = (
        <Trans
          i18nKey="selfService.closed.call"
          values={{ phone: notice.phone }}
          components={{ phone: <a href={telHref(notice.phone)} /> }}
        />
      );
      break;
    case 'callClinic':
      text = t('errors.SELF_SERVICE_CLOSED');
      break;
    case 'courseNotMoved':
      text = t('selfService.closed.courseNotMoved');
      break;
    default:
      assertNever(notice);
  }
  return (
    <Callout intent="primary" icon="phone" className="booking-callout">
      <p>{text}</p>
    </Callout>
  );
}
