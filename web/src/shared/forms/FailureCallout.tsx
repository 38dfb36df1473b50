import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { errorMessage, type ApiError } from '../errorMessages';

/** A refused call's message above a list or a form; nothing when there is no failure. */
export function FailureCallout({ failure }: { failure: ApiError }) {
  const { t } = useTranslation();
  if (!failure) return null;
  return (
    <Callout intent="danger" role="alert" className="form-callout">
      {errorMessage(t, failure)}
    </Callout>
  );
}
