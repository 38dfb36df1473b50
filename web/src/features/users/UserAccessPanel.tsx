import { Button, Callout, Checkbox, FormGroup } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/errorMessages';
import { PageSpinner } from '../../shared/states/PageSpinner';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { useGetCalendarsQuery, CalendarChoiceLabel } from '../calendars';
import './users.css';

/**
 * The Calendar Access tab of a user who does not see every calendar: one checkbox per calendar, bound to the
 * form's `calendarIds` and saved with the user. Each calendar's Manage Access screen changes the same list.
 */
export function UserAccessPanel({
  calendarIds,
  onChange,
}: {
  calendarIds: readonly number[];
  onChange: (calendarIds: number[]) => void;
}) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const { data, error, isLoading, isFetching, refetch } = useGetCalendarsQuery();
  const calendars = useMemo(
    () => [...(data ?? [])].sort((a, b) => a.name.localeCompare(b.name, language)),
    [data, language],
  );

  function toggle(id: number, chosen: boolean) {
    // Ids of calendars not listed (none today) are kept as they are.
    onChange(chosen ? [...calendarIds.filter((held) => held !== id), id] : calendarIds.filter((held) => held !== id));
  }

  let choices;
  if (isLoading) choices = <PageSpinner />;
  else if (error) {
    choices = (
      <Callout intent="danger" role="alert">
        <p>{errorMessage(t, error)}</p>
        <Button icon="refresh" loading={isFetching} onClick={() => void refetch()}>
          {t('admin.tryAgain')}
        </Button>
      </Callout>
    );
  } else if (calendars.length === 0) choices = <p>{t('users.noCalendars')}</p>;
  else {
    choices = (
      <FormGroup label={t('users.calendarChoices')}>
        <div role="group" aria-label={t('users.calendarChoices')} className="user-calendar-choices">
          {calendars.map((calendar) => (
            <Checkbox
              key={calendar.id}
              checked={calendarIds.includes(calendar.id)}
              onChange={(event) => toggle(calendar.id, event.currentTarget.checked)}
              labelElement={<CalendarChoiceLabel calendar={calendar} />}
            />
          ))}
        </div>
      </FormGroup>
    );
  }

  return (
    <div className="user-access">
      <p className="user-access-count">{t('users.calendarCount', { count: calendarIds.length })}</p>
      {choices}
    </div>
  );
}
