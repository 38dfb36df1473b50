import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { CalendarChoiceLabel, useGetCalendarsQuery } from '../calendars';
import { useGetCategoriesQuery } from '../categories';
import { locationName, useGetLocationsQuery } from '../locations';
import { AccessChoices } from './AccessChoices';
import type { UserFormProblems, UserFormValues } from './userForm';
import './users.css';

interface Props {
  values: UserFormValues;
  problems: UserFormProblems;
  onChange: <K extends 'calendarIds' | 'categoryIds' | 'locationIds'>(field: K, value: UserFormValues[K]) => void;
}

/**
 * The Calendar Access tab of a user who does not see every calendar (§3, §5): the calendars (at least one), the
 * categories and the locations they may reach, saved with the user. Each calendar's Manage Access screen changes
 * the same calendar list.
 */
export function UserAccessPanel({ values, problems, onChange }: Props) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const calendars = useGetCalendarsQuery();
  const categories = useGetCategoriesQuery();
  const locations = useGetLocationsQuery();

  const calendarChoices = useMemo(
    () =>
      [...(calendars.data ?? [])]
        .sort((a, b) => a.name.localeCompare(b.name, language))
        .map((calendar) => ({ id: calendar.id, label: <CalendarChoiceLabel calendar={calendar} /> })),
    [calendars.data, language],
  );
  const categoryChoices = useMemo(
    () =>
      [...(categories.data ?? [])]
        .sort((a, b) => a.name.localeCompare(b.name, language))
        .map((category) => ({ id: category.id, label: category.name })),
    [categories.data, language],
  );
  const locationChoices = useMemo(
    () =>
      (locations.data ?? [])
        .map((location) => ({ id: location.id, name: locationName(location, language) }))
        .sort((a, b) => a.name.localeCompare(b.name, language))
        .map(({ id, name }) => ({ id, label: name })),
    [locations.data, language],
  );

  return (
    <div className="user-access">
      <p className="user-access-count">{t('users.calendarCount', { count: values.calendarIds.length })}</p>
      <AccessChoices
        label={t('users.calendarChoices')}
        query={calendars}
        choices={calendarChoices}
        chosen={values.calendarIds}
        onChange={(ids) => onChange('calendarIds', ids)}
        emptyText={t('users.noCalendars')}
        error={problems.calendarIds ? t(problems.calendarIds) : undefined}
        required
      />
      <AccessChoices
        label={t('users.categoryChoices')}
        query={categories}
        choices={categoryChoices}
        chosen={values.categoryIds}
        onChange={(ids) => onChange('categoryIds', ids)}
        emptyText={t('users.noCategories')}
      />
      <AccessChoices
        label={t('users.locationChoices')}
        query={locations}
        choices={locationChoices}
        chosen={values.locationIds}
        onChange={(ids) => onChange('locationIds', ids)}
        emptyText={t('users.noLocations')}
      />
    </div>
  );
}
