import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { errorMessageOfCode } from './bookingErrors';

/** Why the last choice could not be held (a lock refused): shown above the fresh choices. */
export function FailureNotice({ code }: { code: string | null }) {
  const { t } = useTranslation();
  if (!code) return null;
  return (
    <Callout intent="warning" icon="warning-sign" role="alert" className="booking-callout">
      {errorMessageOfCode(t, code)}
    </Callout>
  );
}
