import { useMemo } from 'react';
import { useAdminLanguage } from '../../shared/adminLanguage';
import type { Choice } from '../../shared/fields/SelectField';
import { useGetCategoriesQuery } from '../categories';
import { locationName, useGetLocationsQuery } from '../locations';
import { useGetTemplatesQuery } from '../templates';
import type { Calendar } from './types';

/**
 * The choices of the calendar form's lists, sorted by name in the language shown: locations and categories (with the
 * calendar's own when it is no longer listed) and templates (null until they are loaded).
 */
export function useCalendarChoices(calendar: Calendar | undefined) {
  const language = useAdminLanguage();
  const locations = useGetLocationsQuery();
  const categories = useGetCategoriesQuery();
  // The list of template names is open to every administrator (only a System Administrator opens a template).
  const templates = useGetTemplatesQuery();

  const locationChoices = useMemo<Choice[]>(() => {
    const listed = [...(locations.data ?? [])]
      .map((location) => ({ value: String(location.id), label: locationName(location, language) }))
      .sort((a, b) => a.label.localeCompare(b.label, language));
    const current = calendar?.location;
    if (current && !listed.some((choice) => choice.value === String(current.id)))
      listed.push({ value: String(current.id), label: locationName(current, language) });
    return listed;
  }, [locations.data, calendar, language]);
  const categoryChoices = useMemo<Choice[]>(() => {
    const listed = [...(categories.data ?? [])]
      .map((category) => ({ value: String(category.id), label: category.name }))
      .sort((a, b) => a.label.localeCompare(b.label, language));
    const current = calendar?.category;
    if (current && !listed.some((choice) => choice.value === String(current.id)))
      listed.push({ value: String(current.id), label: current.name });
    return listed;
  }, [categories.data, calendar, language]);
  const templateChoices = useMemo<Choice[] | null>(
    () =>
      templates.data
        ? [...templates.data]
            .map((template) => ({ value: String(template.id), label: template.name }))
            .sort((a, b) => a.label.localeCompare(b.label, language))
        : null,
    [templates.data, language],
  );
  return { locationChoices, categoryChoices, templateChoices };
}
