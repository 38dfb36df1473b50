import { Checkbox } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { DatesToolModel } from './useDatesTool';

/** Move: whether to e-mail the clients booked on the dates a notice of the move (issue 19); shown when some are. */
export function NotifyClientsCheckbox({ model }: { model: DatesToolModel }) {
  const { t } = useTranslation();
  if (!model.movingBooked) return null;
  return (
    <Checkbox
      className="cd-notify-clients"
      label={t('calendarDates.notifyClients')}
      checked={model.notifyClients}
      disabled={model.moving}
      onChange={(event) => model.setNotifyClients(event.currentTarget.checked)}
    />
  );
}
