import {
  Button,
  FormGroup,
  H1,
  HTMLTable,
  InputGroup,
  Menu,
  MenuDivider,
  MenuItem,
  NonIdealState,
  PopoverNext,
  Tag,
  type MenuItemProps,
} from '@blueprintjs/core';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHref, useLinkClickHandler } from 'react-router-dom';
import { RouterAnchorButton } from '../../shared/routing/RouterLinks';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { ListState } from '../../shared/states/ListState';
import { SelectField } from '../../shared/fields/SelectField';
import { isAdmin, useCurrentUser } from '../../shared/currentUser';
import { useGetCategoriesQuery } from '../categories';
import { locationName, useGetLocationsQuery } from '../locations';
import {
  calendarStatuses,
  emptyFilters,
  filterCalendars,
  isFiltered,
  loadFilters,
  storeFilters,
  type CalendarFilters,
  type CalendarStatus,
} from './calendarFilters';
import './calendars.css';
import { useGetCalendarsQuery } from './calendarsApi';
import type { Calendar } from './types';

/** A Blueprint MenuItem that is a link inside the app (opens in a new tab too); choosing it closes the dropdown. */
function MenuLink({ to, ...props }: Omit<MenuItemProps, 'href' | 'onClick'> & { to: string }) {
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLElement>(to);
  return <MenuItem {...props} href={href} onClick={onClick} />;
}

/**
 * The Actions dropdown of one calendar (§2.3): Edit Calendar Dates and Manage Access for administrators; View
 * Appointments (View Series for a group-session calendar) and Search Appointments for everyone.
 */
function CalendarActions({ calendar, canManage }: { calendar: Calendar; canManage: boolean }) {
  const { t } = useTranslation();
  const base = `/admin/calendars/${calendar.id}`;
  const menu = (
    <Menu aria-label={t('calendars.actionsNamed', { name: calendar.name })}>
      {canManage && (
        <>
          <MenuLink to={`${base}/dates`} icon="calendar" text={t('calendars.editDates')} />
          <MenuLink to={`${base}/users`} icon="people" text={t('calendars.manageAccess')} />
          <MenuDivider />
        </>
      )}
      {calendar.groupSession ? (
        <MenuLink to={`${base}/group-session-series`} icon="list" text={t('calendars.viewSeries')} />
      ) : (
        <MenuLink
          to={`/admin/booking?id=${calendar.id}`}
          icon="timeline-events"
          text={t('calendars.viewAppointments')}
        />
      )}
      <MenuLink to={`/admin/search?calendarId=${calendar.id}`} icon="search" text={t('calendars.searchAppointments')} />
    </Menu>
  );
  return (
    <PopoverNext content={menu} placement="bottom-end" arrow={false}>
      <Button
        size="small"
        variant="outlined"
        endIcon="caret-down"
        aria-label={t('calendars.actionsNamed', { name: calendar.name })}
      >
        {t('calendars.actions')}
      </Button>
    </PopoverNext>
  );
}

/** One calendar: name, category, location, enabled; Edit and Copy for administrators, then the Actions dropdown. */
function CalendarRow({ calendar, canManage }: { calendar: Calendar; canManage: boolean }) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const columns = {
    name: t('calendars.columns.name'),
    category: t('calendars.columns.category'),
    location: t('calendars.columns.location'),
    enabled: t('calendars.columns.enabled'),
  };
  return (
    <tr>
      <th scope="row" data-label={columns.name}>
        <span className="calendar-name">
          {calendar.name}
          {calendar.groupSession && (
            <Tag minimal icon="people" className="calendar-group-tag">
              {t('calendars.groupSession')}
            </Tag>
          )}
        </span>
      </th>
      <td data-label={columns.category}>{calendar.category?.name ?? '—'}</td>
      <td data-label={columns.location}>{calendar.location ? locationName(calendar.location, language) : '—'}</td>
      <td data-label={columns.enabled}>
        <Tag minimal intent={calendar.enabled ? 'success' : 'none'}>
          {calendar.enabled ? t('calendars.yes') : t('calendars.no')}
        </Tag>
      </td>
      <td className="calendar-row-actions">
        <div className="calendar-row-buttons">
          {canManage && (
            <>
              <RouterAnchorButton
                to={`/admin/calendars/${calendar.id}/edit`}
                icon="edit"
                size="small"
                variant="outlined"
                aria-label={t('calendars.editNamed', { name: calendar.name })}
              >
                {t('calendars.edit')}
              </RouterAnchorButton>
              <RouterAnchorButton
                to={`/admin/calendars/${calendar.id}/copy`}
                icon="duplicate"
                size="small"
                variant="outlined"
                aria-label={t('calendars.copyNamed', { name: calendar.name })}
              >
                {t('calendars.copy')}
              </RouterAnchorButton>
            </>
          )}
          <CalendarActions calendar={calendar} canManage={canManage} />
        </div>
      </td>
    </tr>
  );
}

/** Title, category, location and status, kept in localStorage `calendarFilters` (§2.3). */
function Filters({
  filters,
  onChange,
  calendars,
}: {
  filters: CalendarFilters;
  onChange: (filters: CalendarFilters) => void;
  calendars: readonly Calendar[];
}) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const titleId = useId();
  const categories = useGetCategoriesQuery();
  const locations = useGetLocationsQuery();

  // The lists, and whatever the calendars name that the lists do not (yet) hold.
  const categoryChoices = useMemo(() => {
    const byId = new Map<number, string>();
    for (const category of categories.data ?? []) byId.set(category.id, category.name);
    for (const calendar of calendars)
      if (calendar.category && !byId.has(calendar.category.id)) byId.set(calendar.category.id, calendar.category.name);
    return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, language));
  }, [categories.data, calendars, language]);
  const locationChoices = useMemo(() => {
    const byId = new Map<number, string>();
    for (const location of locations.data ?? []) byId.set(location.id, locationName(location, language));
    for (const calendar of calendars)
      if (calendar.location && !byId.has(calendar.location.id))
        byId.set(calendar.location.id, locationName(calendar.location, language));
    return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, language));
  }, [locations.data, calendars, language]);

  // A stored choice that no longer exists (a deleted category or location) would hide every calendar unseen.
  const listsLoaded = categories.data !== undefined && locations.data !== undefined;
  const unknownCategory =
    filters.categoryId !== null && !categoryChoices.some((category) => category.id === filters.categoryId);
  const unknownLocation =
    filters.locationId !== null && !locationChoices.some((location) => location.id === filters.locationId);
  useEffect(() => {
    if (listsLoaded && (unknownCategory || unknownLocation)) {
      onChange({
        ...filters,
        categoryId: unknownCategory ? null : filters.categoryId,
        locationId: unknownLocation ? null : filters.locationId,
      });
    }
  }, [listsLoaded, unknownCategory, unknownLocation, filters, onChange]);

  const idOf = (value: string) => (value === '' ? null : Number(value));
  return (
    <div className="calendar-filters" role="search" aria-label={t('calendars.filters.label')}>
      <FormGroup label={t('calendars.filters.title')} labelFor={titleId}>
        <InputGroup
          id={titleId}
          type="search"
          leftIcon="search"
          placeholder={t('calendars.filters.titlePlaceholder')}
          value={filters.title}
          onValueChange={(title) => onChange({ ...filters, title })}
          autoComplete="off"
          maxLength={150}
        />
      </FormGroup>
      <SelectField
        label={t('calendars.filters.category')}
        value={String(filters.categoryId ?? '')}
        placeholder={t('calendars.filters.anyCategory')}
        choices={categoryChoices.map((category) => ({ value: String(category.id), label: category.name }))}
        onValueChange={(value) => onChange({ ...filters, categoryId: idOf(value) })}
      />
      <SelectField
        label={t('calendars.filters.location')}
        value={String(filters.locationId ?? '')}
        placeholder={t('calendars.filters.anyLocation')}
        choices={locationChoices.map((location) => ({ value: String(location.id), label: location.name }))}
        onValueChange={(value) => onChange({ ...filters, locationId: idOf(value) })}
      />
      <SelectField
        label={t('calendars.filters.status')}
        value={filters.status}
        choices={calendarStatuses.map((status: CalendarStatus) => ({
          value: status,
          label: t(`calendars.filters.statuses.${status}`),
        }))}
        onValueChange={(status) => onChange({ ...filters, status })}
      />
    </div>
  );
}

/**
 * §2.3 /admin/calendars: the calendars the viewer may see (a Basic User gets only the enabled ones they can access,
 * from the API), with the filters kept in localStorage. Administrators get Add New Calendar, Edit, Copy, Edit
 * Calendar Dates and Manage Access; everyone gets View Appointments (or View Series) and Search Appointments.
 */
export function CalendarsPage() {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const canManage = isAdmin(useCurrentUser());
  const query = useGetCalendarsQuery();
  const { data } = query;
  const [filters, setFilters] = useState<CalendarFilters>(loadFilters);
  useEffect(() => storeFilters(filters), [filters]);

  const calendars = useMemo(
    () => [...(data ?? [])].sort((a, b) => a.name.localeCompare(b.name, language)),
    [data, language],
  );
  const shown = useMemo(() => filterCalendars(calendars, filters), [calendars, filters]);
  const filtered = isFiltered(filters);

  return (
    <>
      <div className="page-heading">
        <H1 className="page-title">{t('menu.calendars')}</H1>
        {canManage && (
          <RouterAnchorButton to="/admin/calendars/new" intent="primary" icon="add">
            {t('calendars.add')}
          </RouterAnchorButton>
        )}
      </div>
      <ListState
        query={query}
        isEmpty={calendars.length === 0}
        emptyIcon="timeline-events"
        emptyTitle={t('calendars.empty')}
      >
        <Filters filters={filters} onChange={setFilters} calendars={calendars} />
        <div className="calendar-list-summary">
          <span aria-live="polite">
            {t('calendars.filters.shown', { count: shown.length, total: calendars.length })}
          </span>
          {filtered && (
            <Button variant="minimal" size="small" icon="filter-remove" onClick={() => setFilters(emptyFilters)}>
              {t('calendars.filters.clear')}
            </Button>
          )}
        </div>
        {shown.length === 0 ? (
          <NonIdealState className="page-state" icon="filter" title={t('calendars.empty')} />
        ) : (
          <HTMLTable className="admin-table responsive-table calendars-table">
            <thead>
              <tr>
                <th scope="col">{t('calendars.columns.name')}</th>
                <th scope="col">{t('calendars.columns.category')}</th>
                <th scope="col">{t('calendars.columns.location')}</th>
                <th scope="col">{t('calendars.columns.enabled')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('calendars.columns.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((calendar) => (
                <CalendarRow key={calendar.id} calendar={calendar} canManage={canManage} />
              ))}
            </tbody>
          </HTMLTable>
        )}
      </ListState>
    </>
  );
}
