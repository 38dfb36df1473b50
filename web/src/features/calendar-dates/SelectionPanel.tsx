import { Button, Checkbox, FormGroup, InputGroup } from '@blueprintjs/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DATE_INTERVALS,
  selectDates,
  WEEKDAYS_DEFAULT,
  type DateInterval,
} from '../../../../domain/calendar-dates/date-selection';
import { isPlainDate } from '../../../../domain/shared/plain-date';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { SelectField } from '../../shared/fields/SelectField';
import { weekdayName, WEEK_ORDER } from '../../i18n/month';

interface SelectionPanelProps {
  /** The first and last days one may pick from (today and a year ahead). */
  min: string;
  max: string;
  initialEnd: string;
  onSelect: (dates: string[]) => void;
}

/**
 * §4.3 choosing dates by range: start, end, interval (daily, weekly, biweekly, monthly) and weekdays (Monday to
 * Friday by default). The tool keeps only the dates its mode allows; an end before the start selects nothing.
 */
export function SelectionPanel({ min, max, initialEnd, onSelect }: SelectionPanelProps) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const startId = useId();
  const endId = useId();
  const [start, setStart] = useState(min);
  const [end, setEnd] = useState(initialEnd);
  const [interval, setDateInterval] = useState<DateInterval>('daily');
  const [weekdays, setWeekdays] = useState<number[]>(WEEKDAYS_DEFAULT);
  const valid = isPlainDate(start) && isPlainDate(end) && weekdays.length > 0;
  const backwards = valid && end < start;

  return (
    <form
      className="cd-selection-panel"
      aria-label={t('calendarDates.panel.title')}
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) onSelect(selectDates({ start, end, interval, weekdays }));
      }}
    >
      <div className="cd-panel-fields">
        <FormGroup label={t('calendarDates.panel.start')} labelFor={startId}>
          <InputGroup id={startId} type="date" value={start} min={min} max={max} onValueChange={setStart} />
        </FormGroup>
        <FormGroup
          label={t('calendarDates.panel.end')}
          labelFor={endId}
          intent={backwards ? 'warning' : 'none'}
          helperText={backwards ? t('calendarDates.panel.endBeforeStart') : undefined}
        >
          <InputGroup
            id={endId}
            type="date"
            value={end}
            min={min}
            max={max}
            intent={backwards ? 'warning' : 'none'}
            onValueChange={setEnd}
          />
        </FormGroup>
        <SelectField
          label={t('calendarDates.panel.interval')}
          value={interval}
          choices={DATE_INTERVALS.map((choice) => ({
            value: choice,
            label: t(`calendarDates.panel.intervals.${choice}`),
          }))}
          onValueChange={setDateInterval}
        />
      </div>
      <FormGroup label={t('calendarDates.panel.weekdays')} className="cd-panel-weekdays">
        <div role="group" aria-label={t('calendarDates.panel.weekdays')}>
          {WEEK_ORDER.map((weekday) => (
            <Checkbox
              key={weekday}
              inline
              label={weekdayName(language, weekday, 'long')}
              checked={weekdays.includes(weekday)}
              onChange={(event) => {
                const on = event.currentTarget.checked;
                setWeekdays((current) =>
                  on ? [...current, weekday].sort() : current.filter((day) => day !== weekday),
                );
              }}
            />
          ))}
        </div>
      </FormGroup>
      <Button type="submit" icon="select" disabled={!valid}>
        {t('calendarDates.panel.select')}
      </Button>
    </form>
  );
}
