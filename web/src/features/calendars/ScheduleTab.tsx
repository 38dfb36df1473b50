import { useTranslation } from 'react-i18next';
import type { Lane } from '../../../../domain/calendars/lane';
import { LanesEditor } from './lanes/LanesEditor';

interface ScheduleTabProps {
  lanes: Lane[];
  message: (field: string) => string | undefined;
  onChange: (lanes: Lane[]) => void;
  /** Delete Lane. */
  onRemove: (index: number) => void;
}

/** Schedule: the lanes new dates start with (§2.3, §3 Lane), in the lanes editor the date forms use too. */
export function ScheduleTab({ lanes, message, onChange, onRemove }: ScheduleTabProps) {
  const { t } = useTranslation();
  return (
    <div className="calendar-form-panel">
      <p>{t('calendarForm.schedule.intro')}</p>
      <LanesEditor lanes={lanes} message={message} onChange={onChange} onRemove={onRemove} />
    </div>
  );
}
