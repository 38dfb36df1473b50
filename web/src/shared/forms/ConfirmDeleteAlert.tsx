import { Alert } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { ConfirmedDelete } from './useConfirmedDelete';

/** The confirmation dialog of a Delete row action; its text is the question (children). */
export function ConfirmDeleteAlert<T>({
  deletion,
  loading,
  confirmText,
  cancelText,
  children,
}: {
  deletion: ConfirmedDelete<T>;
  loading: boolean;
  confirmText: string;
  cancelText: string;
  children: ReactNode;
}) {
  return (
    <Alert
      isOpen={deletion.confirming}
      intent="danger"
      icon="trash"
      confirmButtonText={confirmText}
      cancelButtonText={cancelText}
      loading={loading}
      canEscapeKeyCancel={!loading}
      onConfirm={deletion.confirm}
      onCancel={deletion.cancel}
    >
      <p>{children}</p>
    </Alert>
  );
}
