import { Callout, H1 } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, type ApiError } from '../errorMessages';

/** An edit screen whose record could not be loaded: its title, the error, and the way back (action). */
export function LoadFailed({ title, error, action }: { title: string; error: ApiError; action: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <H1 className="page-title">{title}</H1>
      <Callout intent="danger" role="alert">
        {errorMessage(t, error)}
      </Callout>
      <div className="page-actions page-actions-start">{action}</div>
    </>
  );
}
