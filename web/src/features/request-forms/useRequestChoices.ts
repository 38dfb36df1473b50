import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { isAdmin, useCurrentUser } from '../../shared/currentUser';
import type { Choice } from '../../shared/fields/SelectField';
import { useGetCalendarsQuery, type Calendar } from '../calendars';
import { locationName, useGetLocationsQuery } from '../locations';
import { useGetTemplatesQuery } from '../templates';

const byLabel = (language: string) => (a: Choice, b: Choice) => a.label.localeCompare(b.label, language);

/**
 * The choices of the request form, by name in the language shown: locations, the calendars the user may see (with
 * their lanes, for §4.4) and, for administrators only (the list of templates is theirs), the e-mail templates.
 */
export function useRequestChoices() {
  const language = useAdminLanguage();
  const admin = isAdmin(useCurrentUser());
  const locations = useGetLocationsQuery();
  const calendars = useGetCalendarsQuery({ lanes: true });
  const templates = useGetTemplatesQuery(admin ? undefined : skipToken);

  return useMemo(() => {
    const sort = byLabel(language);
    const locationChoices = (locations.data ?? [])
      .map((location) => ({ value: String(location.id), label: locationName(location, language) }))
      .sort(sort);
    const calendarChoices = (calendars.data ?? [])
      .map((calendar) => ({ value: String(calendar.id), label: calendar.name }))
      .sort(sort);
    const templateChoices = admin
      ? (templates.data ?? []).map((template) => ({ value: String(template.id), label: template.name })).sort(sort)
      : null;
    const calendarOf = (id: number | null): Calendar | undefined =>
      calendars.data?.find((calendar) => calendar.id === id);
    return { locationChoices, calendarChoices, templateChoices, calendarOf };
  }, [language, admin, locations.data, calendars.data, templates.data]);
}

export type RequestChoices = ReturnType<typeof useRequestChoices>;
