import { Button, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../shared/fields/TextField';
import { STATUSES, type MessageStatus, type MessagesRequest } from './types';

interface Props {
  request: MessagesRequest;
  onDate: (date: string) => void;
  onStatus: (status: MessageStatus | undefined) => void;
  onShowDay: () => void;
}

/** The day (or, from the day view, one appointment) and the status shown. */
export function MessagesFilters({ request, onDate, onStatus, onShowDay }: Props) {
  const { t } = useTranslation();
  return (
    <div className="messages-filters">
      {request.appointmentId === undefined ? (
        <TextField
          type="date"
          label={t('messages.day')}
          value={request.date}
          required
          onValueChange={(date) => {
            if (date) onDate(date);
          }}
        />
      ) : (
        <div className="messages-appointment">
          <p className="messages-appointment-title">{t('messages.ofAppointment', { id: request.appointmentId })}</p>
          <Button icon="calendar" text={t('messages.showDay')} onClick={onShowDay} />
        </div>
      )}
      <FormGroup label={t('messages.status')} labelFor="messages-status">
        <HTMLSelect
          id="messages-status"
          value={request.status ?? ''}
          onChange={(event) => onStatus((event.currentTarget.value || undefined) as MessageStatus | undefined)}
        >
          <option value="">{t('messages.allStatuses')}</option>
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`messages.statuses.${status}`)}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
    </div>
  );
}
