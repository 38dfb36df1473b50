import { Button, FormGroup, HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OFFICE_REGIONS } from '../../../../domain/locations/location';
import { useGetCalendarQuery } from '../calendars';
import type { SearchFilters } from './types';

interface Props {
  filters: SearchFilters;
  today: string;
  onChange: (changes: Record<string, string | undefined>) => void;
}

/** The calendar the calendar list's Search Appointments carried, as a tag that removes the filter. */
function CalendarTag({ calendarId, onRemove }: { calendarId: number; onRemove: () => void }) {
  const { t } = useTranslation();
  const { data } = useGetCalendarQuery(calendarId);
  const name = data?.name ?? t('appointmentSearch.calendarNumber', { id: calendarId });
  return (
    <Tag large icon="calendar" onRemove={onRemove}>
      {t('appointmentSearch.calendarFilter', { name })}
    </Tag>
  );
}

/** §2.3 /admin/search filters: office region, query (applied on Search), date from (today by default) and date to. */
export function SearchFiltersBar({ filters, today, onChange }: Props) {
  const { t } = useTranslation();
  const [query, setQuery] = useState(filters.query ?? '');
  const [seen, setSeen] = useState(filters.query);
  if (seen !== filters.query) {
    // Back or a link changed the address: show its query
    setSeen(filters.query);
    setQuery(filters.query ?? '');
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ query: query.trim() || undefined });
  };
  return (
    <form className="search-filters" role="search" aria-label={t('appointmentSearch.filters.label')} onSubmit={submit}>
      <FormGroup label={t('appointmentSearch.filters.officeRegion')} labelFor="search-region">
        <HTMLSelect
          id="search-region"
          value={filters.officeRegion ?? ''}
          onChange={(event) => onChange({ officeRegion: event.currentTarget.value || undefined })}
        >
          <option value="">{t('appointmentSearch.filters.allRegions')}</option>
          {OFFICE_REGIONS.map((region) => (
            <option key={region} value={region}>
              {t(`locations.regions.${region}`)}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormGroup
        label={t('appointmentSearch.filters.query')}
        labelFor="search-query"
        helperText={t('appointmentSearch.filters.queryHelp')}
      >
        <InputGroup
          id="search-query"
          type="search"
          leftIcon="search"
          maxLength={100}
          value={query}
          onValueChange={setQuery}
        />
      </FormGroup>
      <FormGroup label={t('appointmentSearch.filters.dateFrom')} labelFor="search-date-from">
        <InputGroup
          id="search-date-from"
          type="date"
          value={filters.dateFrom}
          onValueChange={(value) => onChange({ dateFrom: value && value !== today ? value : undefined })}
        />
      </FormGroup>
      <FormGroup label={t('appointmentSearch.filters.dateTo')} labelFor="search-date-to">
        <InputGroup
          id="search-date-to"
          type="date"
          min={filters.dateFrom}
          value={filters.dateTo ?? ''}
          onValueChange={(value) => onChange({ dateTo: value || undefined })}
        />
      </FormGroup>
      <div className="search-actions">
        <Button type="submit" intent="primary" icon="search" text={t('appointmentSearch.filters.search')} />
        {filters.calendarId !== undefined && (
          <CalendarTag calendarId={filters.calendarId} onRemove={() => onChange({ calendarId: undefined })} />
        )}
      </div>
    </form>
  );
}
