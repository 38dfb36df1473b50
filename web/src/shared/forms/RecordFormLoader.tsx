import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode, type ApiError, type KnownErrorCode } from '../errorMessages';
import { PageSpinner } from '../states/PageSpinner';
import { NotFoundState } from '../states/NotFoundState';
import { RouterAnchorButton } from '../routing/RouterLinks';
import { LoadFailed } from '../states/LoadFailed';

interface RecordFormLoaderProps<T> {
  title: string;
  id: number | undefined;
  record: T | undefined;
  error: ApiError;
  isLoading: boolean;
  notFoundCode: KnownErrorCode;
  listPath: string;
  backText: string;
  /** The form, once the record is loaded. */
  children: (record: T) => ReactNode;
}

/** An edit screen before its form: not found, loading, or failed to load, with the way back to the list. */
export function RecordFormLoader<T>({
  title,
  id,
  record,
  error,
  isLoading,
  notFoundCode,
  listPath,
  backText,
  children,
}: RecordFormLoaderProps<T>) {
  const { t } = useTranslation();
  const back = (
    <RouterAnchorButton to={listPath} icon="arrow-left" variant="outlined">
      {backText}
    </RouterAnchorButton>
  );
  const code = errorCode(error);
  if (id === undefined || code === notFoundCode || code === 'NOT_FOUND') {
    return <NotFoundState title={t(`errors.${notFoundCode}`)} action={back} />;
  }
  if (isLoading) return <PageSpinner />;
  if (error || !record) return <LoadFailed title={title} error={error} action={back} />;
  return <>{children(record)}</>;
}
