import { Button, ButtonGroup, Checkbox } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { CheckboxGroupField } from '../../shared/fields/CheckboxGroupField';
import { ListState } from '../../shared/states/ListState';
import { CalendarChoiceLabel, useGetCalendarsQuery } from '../calendars';

interface Props {
  calendarIds: readonly number[];
  onChange: (calendarIds: number[]) => void;
  error: string | undefined;
}

/**
 * The calendars of a report: one checkbox per calendar with dated appointments (courses are left out: their
 * registrations have no date), by name, with Select All and Clear.
 */
export function ReportCalendarsField({ calendarIds, onChange, error }: Props) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const query = useGetCalendarsQuery({ excludeGroupSessions: true });
  const calendars = useMemo(
    () => [...(query.data ?? [])].sort((a, b) => a.name.localeCompare(b.name, language)),
    [query.data, language],
  );
  const toggle = (id: number, chosen: boolean) =>
    onChange(chosen ? [...calendarIds.filter((held) => held !== id), id] : calendarIds.filter((held) => held !== id));
  return (
    <ListState query={query} isEmpty={false} emptyIcon="calendar" emptyTitle="">
      <CheckboxGroupField
        label={t('report.form.calendars')}
        hint={`${t('report.form.calendarsHint')} ${t('report.form.calendarCount', { count: calendarIds.length })}`}
        error={error}
        required
        className="report-calendar-choices"
      >
        {calendars.length === 0 && <p>{t('report.form.noCalendars')}</p>}
        {calendars.map((calendar) => (
          <Checkbox
            key={calendar.id}
            checked={calendarIds.includes(calendar.id)}
            onChange={(event) => toggle(calendar.id, event.currentTarget.checked)}
            labelElement={<CalendarChoiceLabel calendar={calendar} />}
          />
        ))}
      </CheckboxGroupField>
      <ButtonGroup className="report-calendar-actions">
        <Button
          size="small"
          text={t('report.form.selectAll')}
          disabled={calendars.length === 0}
          onClick={() => onChange(calendars.map((calendar) => calendar.id))}
        />
        <Button
          size="small"
          text={t('report.form.clear')}
          disabled={calendarIds.length === 0}
          onClick={() => onChange([])}
        />
      </ButtonGroup>
    </ListState>
  );
}
