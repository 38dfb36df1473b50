import { Callout } from '@blueprintjs/core';
import type { ApiError } from '../errorMessages';
import { FailureCallout } from './FailureCallout';

/** Above a form: a refusal about no field, and the Fix the fields message while any field has a problem. */
export function FormCallouts({
  failure,
  hasProblems,
  fixFieldsText,
  describeFailure,
}: {
  failure: ApiError;
  hasProblems: boolean;
  fixFieldsText: string;
  describeFailure?: (message: string) => string;
}) {
  return (
    <>
      <FailureCallout failure={failure} {...(describeFailure ? { describe: describeFailure } : {})} />
      {hasProblems && (
        <Callout intent="danger" role="alert" className="form-callout">
          {fixFieldsText}
        </Callout>
      )}
    </>
  );
}
