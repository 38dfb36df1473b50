import { Alert } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Calendar } from '../calendars';
import { DateActions } from './DateActions';
import { DatesLegend } from './DatesLegend';
import { DatesMonths } from './DatesMonths';
import { ModeCard } from './ModeCard';
import type { CalendarDate } from './types';
import { useDatesTool } from './useDatesTool';

interface DatesToolProps {
  calendar: Calendar;
  dates: CalendarDate[];
  today: string;
  months: string[];
}

/** The tool itself, once the calendar and its dates are loaded: the modes, the actions, the legend and the months. */
export function DatesTool({ calendar, dates, today, months }: DatesToolProps) {
  const { t } = useTranslation();
  const model = useDatesTool(calendar, dates, today);
  return (
    <>
      <ModeCard model={model} today={today} />
      {model.tool.mode !== 'none' && <DateActions model={model} today={today} />}
      <DatesLegend mode={model.tool.mode} />
      <DatesMonths model={model} months={months} today={today} />
      <Alert
        isOpen={model.confirmingDelete}
        intent="danger"
        icon="trash"
        confirmButtonText={t('calendarDates.delete')}
        cancelButtonText={t('calendarDates.cancel')}
        loading={model.deleting}
        canEscapeKeyCancel={!model.deleting}
        onCancel={() => model.dispatch({ type: 'confirmDelete', open: false })}
        onConfirm={model.deleteChosen}
      >
        <p>{t('calendarDates.confirmDelete', { count: model.tool.picked.length })}</p>
      </Alert>
    </>
  );
}
