import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { errorMessage, type ApiError } from '../errorMessages';

/**
 * A refused call's message above a list or a form; nothing when there is no failure. `describe` words it with what
 * failed (§8 'Cannot create the appointment: …').
 */
export function FailureCallout({ failure, describe }: { failure: ApiError; describe?: (message: string) => string }) {
  const { t } = useTranslation();
  if (!failure) return null;
  return (
    <Callout intent="danger" role="alert" className="form-callout">
      {describe ? describe(errorMessage(t, failure)) : errorMessage(t, failure)}
    </Callout>
  );
}
