import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addMonths } from '../../../../domain/shared/plain-date';
import { clinicDateWindow } from '../../../../domain/request-forms/rules';
import { formatDate } from '../../i18n/format';
import { dayOfMonth, firstOfMonth, monthTitle } from '../../i18n/month';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { CheckboxGroupField } from '../../shared/fields/CheckboxGroupField';
import { MonthGrid } from '../../shared/month-grid';
import { shortDate } from '../../shared/dateText';

interface ClinicDatesPickerProps {
  dates: readonly string[];
  today: string;
  error: string | undefined;
  onChange: (change: (dates: string[]) => string[]) => void;
}

/**
 * A lane's clinic dates (§5): a month at a time, each day a toggle button, between the first of this month and one
 * year from today; the dates chosen are listed under it, each with a button that removes it.
 */
export function ClinicDatesPicker({ dates, today, error, onChange }: ClinicDatesPickerProps) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const window = clinicDateWindow(today);
  const [first, last] = [firstOfMonth(window.from), firstOfMonth(window.to)];
  const [month, setMonth] = useState(first);
  const chosen = new Set(dates);
  const sorted = [...dates].sort();
  const toggle = (date: string) =>
    onChange((current) => (current.includes(date) ? current.filter((day) => day !== date) : [...current, date].sort()));
  const title = monthTitle(language, month);

  return (
    <CheckboxGroupField
      label={t('requestForms.lane.clinicDates')}
      hint={t('requestForms.lane.clinicDatesHint', {
        from: formatDate(language, window.from),
        to: formatDate(language, window.to),
      })}
      error={error}
      required
      className="rf-dates"
    >
      <div className="rf-month-nav">
        <Button
          icon="chevron-left"
          variant="minimal"
          aria-label={t('requestForms.lane.previousMonth')}
          disabled={month <= first}
          onClick={() => setMonth(addMonths(month, -1))}
        />
        <span className="rf-month-title" aria-live="polite">
          {title}
        </span>
        <Button
          icon="chevron-right"
          variant="minimal"
          aria-label={t('requestForms.lane.nextMonth')}
          disabled={month >= last}
          onClick={() => setMonth(addMonths(month, 1))}
        />
      </div>
      <MonthGrid
        month={month}
        language={language}
        weeks="fit"
        className="rf-month-table"
        caption={title}
        renderDay={({ date }) => (
          <td>
            <Button
              className={chosen.has(date) ? 'rf-day rf-day-chosen' : 'rf-day'}
              variant={chosen.has(date) ? 'solid' : 'minimal'}
              intent={chosen.has(date) ? 'primary' : 'none'}
              size="small"
              disabled={date < window.from || date > window.to}
              aria-pressed={chosen.has(date)}
              aria-label={formatDate(language, date)}
              onClick={() => toggle(date)}
            >
              {dayOfMonth(date)}
            </Button>
          </td>
        )}
      />
      <p className="rf-hint">
        {sorted.length === 0
          ? t('requestForms.lane.noDates')
          : t('requestForms.lane.chosenDates', { count: sorted.length })}
      </p>
      {sorted.length > 0 && (
        <ul className="rf-chosen-dates">
          {sorted.map((date) => (
            <li key={date}>
              <Button
                size="small"
                variant="outlined"
                endIcon="cross"
                aria-label={t('requestForms.lane.removeDate', { date: formatDate(language, date) })}
                onClick={() => toggle(date)}
              >
                {shortDate(language, date)}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </CheckboxGroupField>
  );
}
