import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { locationName, useGetLocationsQuery } from '../locations';
import { useGetTemplatesQuery } from '../templates';

/** The names of the records a request refers to by id: its location and, for administrators, its templates. */
export function useRequestNames(admin: boolean) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const locations = useGetLocationsQuery();
  const templates = useGetTemplatesQuery(admin ? undefined : skipToken);
  return {
    location: (id: number | null): string | null => {
      const found = locations.data?.find((location) => location.id === id);
      return found ? locationName(found, language) : id === null ? null : `#${id}`;
    },
    template: (id: number | null): string =>
      id === null
        ? t('requestForms.fields.defaultTemplate')
        : (templates.data?.find((template) => template.id === id)?.name ?? `#${id}`),
  };
}

export type RequestNames = ReturnType<typeof useRequestNames>;
