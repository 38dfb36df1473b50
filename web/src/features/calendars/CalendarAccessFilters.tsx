import { FormGroup, InputGroup } from '@blueprintjs/core';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { SelectField } from '../../shared/fields/SelectField';
import { useGetCategoriesQuery } from '../categories';
import { locationName, useGetLocationsQuery } from '../locations';
import type { AccessFilter } from './calendarAccess';
import type { Calendar } from './types';

interface Props {
  filter: AccessFilter;
  onChange: (filter: AccessFilter) => void;
  /** The calendars other than this one, to offer the users who have access to one of them. */
  others: readonly Calendar[];
}

const idOf = (value: string) => (value === '' ? undefined : Number(value));

/** §2.3 Manage Access: filters by calendar, category and location (and a search) limit who is offered. */
export function CalendarAccessFilters({ filter, onChange, others }: Props) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const searchId = useId();
  const categories = useGetCategoriesQuery();
  const locations = useGetLocationsQuery();
  const byName = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label, language);
  const categoryChoices = useMemo(
    () =>
      (categories.data ?? [])
        .map((category) => ({ value: String(category.id), label: category.name }))
        .sort((a, b) => a.label.localeCompare(b.label, language)),
    [categories.data, language],
  );
  const locationChoices = useMemo(
    () =>
      (locations.data ?? [])
        .map((location) => ({ value: String(location.id), label: locationName(location, language) }))
        .sort((a, b) => a.label.localeCompare(b.label, language)),
    [locations.data, language],
  );
  const calendarChoices = others.map((other) => ({ value: String(other.id), label: other.name })).sort(byName);

  return (
    <div className="calendar-access-filters" role="group" aria-label={t('calendars.access.filtersLabel')}>
      <SelectField
        label={t('calendars.access.otherCalendar')}
        value={String(filter.otherCalendarId ?? '')}
        placeholder={t('calendars.access.anyCalendar')}
        choices={calendarChoices}
        onValueChange={(value) => onChange({ ...filter, otherCalendarId: idOf(value) })}
      />
      <SelectField
        label={t('calendars.access.category')}
        value={String(filter.categoryId ?? '')}
        placeholder={t('calendars.access.anyCategory')}
        choices={categoryChoices}
        onValueChange={(value) => onChange({ ...filter, categoryId: idOf(value) })}
      />
      <SelectField
        label={t('calendars.access.location')}
        value={String(filter.locationId ?? '')}
        placeholder={t('calendars.access.anyLocation')}
        choices={locationChoices}
        onValueChange={(value) => onChange({ ...filter, locationId: idOf(value) })}
      />
      <FormGroup label={t('calendars.access.search')} labelFor={searchId}>
        <InputGroup
          id={searchId}
          type="search"
          leftIcon="search"
          placeholder={t('calendars.access.searchPlaceholder')}
          value={filter.text}
          onValueChange={(text) => onChange({ ...filter, text })}
          autoComplete="off"
        />
      </FormGroup>
    </div>
  );
}
