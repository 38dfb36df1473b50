import { Alert } from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../i18n/format';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { useGetAppointmentQuery } from './appointmentsApi';
import { NotifyClientCheckbox, useNotifyChoice } from './form/NotifyClientCheckbox';
import type { PendingDelete } from './slotActionsState';

interface DeleteConfirmationProps {
  isOpen: boolean;
  pendingDelete: PendingDelete | null;
  deleting: boolean;
  onConfirm: (notifyClient: boolean) => void;
  onCancel: () => void;
}

/**
 * §4.2 Delete asks first, and (issue 19) whether to send the client a cancellation notice: on by default when the
 * appointment has an e-mail (loaded when asked), off and disabled without one.
 */
export function DeleteConfirmation({ isOpen, pendingDelete, deleting, onConfirm, onCancel }: DeleteConfirmationProps) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const appointment = useGetAppointmentQuery(isOpen && pendingDelete ? pendingDelete.appointmentId : skipToken);
  const hasEmail = (appointment.currentData?.email ?? '') !== '';
  const notify = useNotifyChoice(hasEmail);
  const { reset } = notify;
  useEffect(() => {
    if (isOpen) reset();
  }, [isOpen, pendingDelete, reset]);
  return (
    <Alert
      isOpen={isOpen}
      intent="danger"
      icon="trash"
      confirmButtonText={t('appointments.delete.confirm')}
      cancelButtonText={t('appointments.delete.cancel')}
      loading={deleting}
      onConfirm={() => onConfirm(notify.checked)}
      onCancel={onCancel}
    >
      <p>
        {pendingDelete &&
          t('appointments.delete.question', {
            clients: pendingDelete.clients,
            time: formatTime(language, pendingDelete.time),
          })}
      </p>
      <NotifyClientCheckbox
        hasEmail={hasEmail}
        loading={appointment.isFetching}
        checked={notify.checked}
        onChange={notify.setChecked}
      />
    </Alert>
  );
}
