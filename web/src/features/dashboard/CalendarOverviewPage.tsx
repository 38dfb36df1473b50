import { Button, Callout, H1, H2, Spinner } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OfficeRegion } from '../../../../domain/locations/location';
import { errorMessage } from '../../shared/errorMessages';
import { useToday } from '../../shared/useToday';
import { firstOfMonth, monthTitle, sameMonth } from '../../i18n/month';
import { monthWeeks } from '../../shared/month-grid';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { useGetCategoriesQuery } from '../categories';
import { CalendarDateDialog } from './CalendarDateDialog';
import { useGetDashboardQuery } from './dashboardApi';
import { monthKey, monthParam, shiftMonth } from './month';
import { MonthGrid } from './MonthGrid';
import { OverviewFilters } from './OverviewFilters';
import { isRegion } from './regions';
import type { DashboardItem } from './types';
import './dashboard.css';
import { useQueryParams } from '../../shared/routing/useQueryParams';

/** The page's state lives in its address (?month=YYYY-MM&category=ID&region=NAME), so Back returns to it. */
function useOverviewParams(thisMonth: string) {
  const { params, update } = useQueryParams();
  const first = monthParam(params.get('month')) ?? thisMonth;
  const categoryText = params.get('category');
  const categoryId = categoryText !== null && /^[1-9]\d{0,9}$/.test(categoryText) ? Number(categoryText) : undefined;
  const regionText = params.get('region');
  const region = isRegion(regionText) ? regionText : undefined;
  return {
    first,
    categoryId,
    region,
    setMonth: (month: string) => update({ month: month === thisMonth ? undefined : monthKey(month) }),
    setCategory: (id: number | undefined) => update({ category: id === undefined ? undefined : String(id) }),
    setRegion: (name: OfficeRegion | undefined) => update({ region: name }),
  };
}

/**
 * §2.3 /admin, the Calendar Overview: a month grid (starting on this month in the health unit's time zone) of the
 * calendars that have a date each day, narrowed by category and office region, with Previous and Next month. A
 * calendar opens its modal of the day's figures.
 */
export function CalendarOverviewPage() {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const today = useToday();
  const thisMonth = firstOfMonth(today);
  const { first, categoryId, region, setMonth, setCategory, setRegion } = useOverviewParams(thisMonth);
  const days = useMemo(() => monthWeeks(first, 'six').flat(), [first]);
  const query = useGetDashboardQuery(
    {
      startDate: days[0]!.date,
      endDate: days.at(-1)!.date,
      ...(categoryId !== undefined ? { categoryId } : {}),
      ...(region !== undefined ? { region } : {}),
    },
    { refetchOnMountOrArgChange: true },
  );
  const categories = useGetCategoriesQuery();
  const sortedCategories = useMemo(
    () => [...(categories.data ?? [])].sort((a, b) => a.name.localeCompare(b.name, language)),
    [categories.data, language],
  );
  const [dialog, setDialog] = useState<{ item: DashboardItem; open: boolean } | null>(null);

  // The answer for the month and filters shown: another month's or filter's dates never linger in the grid.
  const items = query.currentData ?? [];
  const title = monthTitle(language, first);
  const monthIsEmpty = !items.some((item) => sameMonth(item.date, first));

  return (
    <>
      <div className="page-heading">
        <H1 className="page-title">{t('menu.overview')}</H1>
      </div>
      <OverviewFilters
        categories={sortedCategories}
        categoryId={categoryId}
        region={region}
        onCategoryChange={setCategory}
        onRegionChange={setRegion}
      />
      <div className="overview-toolbar">
        <Button className="overview-previous" icon="chevron-left" onClick={() => setMonth(shiftMonth(first, -1))}>
          {t('dashboard.previousMonth')}
        </Button>
        <div className="overview-month">
          <H2 aria-live="polite">{title}</H2>
          {query.isFetching && <Spinner className="overview-spinner" size={16} aria-label={t('dashboard.loading')} />}
        </div>
        <Button className="overview-next" endIcon="chevron-right" onClick={() => setMonth(shiftMonth(first, 1))}>
          {t('dashboard.nextMonth')}
        </Button>
        {first !== thisMonth && (
          <Button className="overview-this-month" variant="minimal" icon="calendar" onClick={() => setMonth(thisMonth)}>
            {t('dashboard.thisMonth')}
          </Button>
        )}
      </div>
      {query.error && (
        <Callout intent="danger" role="alert" className="form-callout">
          <p>{errorMessage(t, query.error)}</p>
          <Button icon="refresh" loading={query.isFetching} onClick={() => void query.refetch()}>
            {t('admin.tryAgain')}
          </Button>
        </Callout>
      )}
      {!query.isFetching && !query.error && monthIsEmpty && (
        <p className="overview-empty" role="status">
          {t('dashboard.empty')}
        </p>
      )}
      <MonthGrid
        first={first}
        today={today}
        items={items}
        caption={t('dashboard.gridCaption', { month: title })}
        onOpen={(item) => setDialog({ item, open: true })}
      />
      <CalendarDateDialog
        item={dialog?.item ?? null}
        isOpen={dialog?.open ?? false}
        onClose={() => setDialog((current) => current && { ...current, open: false })}
      />
    </>
  );
}
