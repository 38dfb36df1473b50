import { Button, Callout, Checkbox } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/errorMessages';
import { PageSpinner } from '../../../shared/states/PageSpinner';
import { useAdminLanguage } from '../../../shared/adminLanguage';
import { CheckboxGroupField } from '../../../shared/fields/CheckboxGroupField';
import { useGetCalendarsQuery, CalendarChoiceLabel } from '../../calendars';
import type { ServiceCalendar } from './types';

interface ServiceCalendarsFieldProps {
  calendarIds: readonly number[];
  /** The service's calendars as saved, named: shown even before (or without) the list of calendars. */
  saved: readonly ServiceCalendar[];
  onChange: (calendarIds: number[]) => void;
  error: string | undefined;
}

/** The calendars (clinics) a service offers (§3 calendarIds, §5 required): one checkbox per calendar, by name. */
export function ServiceCalendarsField({ calendarIds, saved, onChange, error }: ServiceCalendarsFieldProps) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const { data, error: loadError, isLoading, isFetching, refetch } = useGetCalendarsQuery();
  const calendars = useMemo(() => {
    const listed: ServiceCalendar[] = (data ?? []).map(({ id, name, enabled, groupSession }) => ({
      id,
      name,
      enabled,
      groupSession,
    }));
    for (const calendar of saved) if (!listed.some((item) => item.id === calendar.id)) listed.push(calendar);
    return listed.sort((a, b) => a.name.localeCompare(b.name, language));
  }, [data, saved, language]);

  function toggle(id: number, chosen: boolean) {
    onChange(chosen ? [...calendarIds.filter((held) => held !== id), id] : calendarIds.filter((held) => held !== id));
  }

  if (isLoading) return <PageSpinner />;
  if (loadError && calendars.length === 0) {
    return (
      <Callout intent="danger" role="alert">
        <p>{errorMessage(t, loadError)}</p>
        <Button icon="refresh" loading={isFetching} onClick={() => void refetch()}>
          {t('admin.tryAgain')}
        </Button>
      </Callout>
    );
  }
  return (
    <CheckboxGroupField
      label={t('serviceForm.general.calendars')}
      hint={`${t('serviceForm.general.calendarsHint')} ${t('serviceForm.general.calendarCount', { count: calendarIds.length })}`}
      error={error}
      required
      className="service-calendar-choices"
    >
      {calendars.length === 0 && <p>{t('serviceForm.general.noCalendars')}</p>}
      {calendars.map((calendar) => (
        <Checkbox
          key={calendar.id}
          checked={calendarIds.includes(calendar.id)}
          onChange={(event) => toggle(calendar.id, event.currentTarget.checked)}
          labelElement={<CalendarChoiceLabel calendar={calendar} />}
        />
      ))}
    </CheckboxGroupField>
  );
}
