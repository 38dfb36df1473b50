import { FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { OFFICE_REGIONS } from '../../../../domain/locations/location';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { useGetCategoriesQuery } from '../categories';
import type { StatisticsQuery } from './types';

interface Props {
  filters: StatisticsQuery;
  onChange: (changes: Record<string, string | undefined>) => void;
}

/** The period (start and end dates), the office region and the category of the statistics; each applies at once. */
export function StatisticsFiltersBar({ filters, onChange }: Props) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const categories = useGetCategoriesQuery();
  const sortedCategories = useMemo(
    () => [...(categories.data ?? [])].sort((a, b) => a.name.localeCompare(b.name, language)),
    [categories.data, language],
  );
  return (
    <form
      className="statistics-filters"
      role="search"
      aria-label={t('statistics.filters.label')}
      onSubmit={(event) => event.preventDefault()}
    >
      <FormGroup label={t('statistics.filters.startDate')} labelFor="statistics-start">
        <InputGroup
          id="statistics-start"
          type="date"
          max={filters.endDate}
          value={filters.startDate}
          onValueChange={(value) => onChange({ startDate: value || undefined })}
        />
      </FormGroup>
      <FormGroup label={t('statistics.filters.endDate')} labelFor="statistics-end">
        <InputGroup
          id="statistics-end"
          type="date"
          min={filters.startDate}
          value={filters.endDate}
          onValueChange={(value) => onChange({ endDate: value || undefined })}
        />
      </FormGroup>
      <FormGroup label={t('statistics.filters.region')} labelFor="statistics-region">
        <HTMLSelect
          id="statistics-region"
          value={filters.region ?? ''}
          onChange={(event) => onChange({ region: event.currentTarget.value || undefined })}
        >
          <option value="">{t('statistics.filters.allRegions')}</option>
          {OFFICE_REGIONS.map((region) => (
            <option key={region} value={region}>
              {t(`locations.regions.${region}`)}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormGroup label={t('statistics.filters.category')} labelFor="statistics-category">
        <HTMLSelect
          id="statistics-category"
          value={filters.categoryId === undefined ? '' : String(filters.categoryId)}
          onChange={(event) => onChange({ categoryId: event.currentTarget.value || undefined })}
        >
          <option value="">{t('statistics.filters.allCategories')}</option>
          {sortedCategories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
    </form>
  );
}
