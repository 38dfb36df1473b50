import { H3 } from '@blueprintjs/core';
import { Suspense, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/format';
import type { Language } from '../../i18n/languages';
import { firstOfMonth, monthTitle } from '../../i18n/month';
import { WaitlistDates } from '../waitlist';
import type { PublicService } from './serviceTypes';
import { AvailabilityState } from './AvailabilityState';
import { useGetServiceDatesQuery } from './bookingApi';
import { ChoiceCards } from './ChoiceCards';
import { revealNext, StepFrame } from './StepFrame';
import type { PublicDate } from './types';
import type { WizardAction, WizardState } from './wizardState';

interface DateStepProps {
  service: PublicService;
  state: WizardState;
  duration: number;
  language: Language;
  focus: boolean;
  dispatch: (action: WizardAction) => void;
  /** Offer the waitlist of full dates (not when moving a booking: the client already has a time). */
  waitlist?: boolean;
}

function byMonth(dates: PublicDate[]): [string, PublicDate[]][] {
  const months = new Map<string, PublicDate[]>();
  for (const date of dates) {
    const month = firstOfMonth(date.date);
    months.set(month, [...(months.get(month) ?? []), date]);
  }
  return [...months];
}

/**
 * §4.1 date choice of an ordinary calendar: the dates with free times for the duration, month by month; under them,
 * the full dates one may wait for (issue 20 item 6).
 */
export function DateStep({ service, state, duration, language, focus, dispatch, waitlist = true }: DateStepProps) {
  const { t } = useTranslation();
  const next = useRef<HTMLButtonElement>(null);
  const query = useGetServiceDatesQuery(
    { serviceId: service.id, calendarId: state.calendarId ?? 0, duration },
    { refetchOnMountOrArgChange: true },
  );
  const dates = useMemo(() => (query.data ?? []).filter((date) => date.timeslots.length > 0), [query.data]);
  const title = service.dateSelectionHeader || t('booking.date.title');
  const chosen = dates.some((date) => date.date === state.date) ? state.date : null;

  return (
    <StepFrame
      title={title}
      focus={focus}
      onBack={() => dispatch({ type: 'back' })}
      onNext={() => dispatch({ type: 'next' })}
      nextDisabled={chosen === null}
      nextRef={next}
      stickyActions
    >
      <AvailabilityState
        isLoading={query.isLoading}
        isFetching={query.isFetching}
        error={query.error}
        empty={dates.length === 0}
        refetch={() => void query.refetch()}
      />
      {!query.isLoading &&
        !query.error &&
        byMonth(dates).map(([month, monthDates]) => (
          <div key={month} className="booking-month">
            <H3 className="booking-month-title">{monthTitle(language, month)}</H3>
            <ChoiceCards
              legend={`${title} ${monthTitle(language, month)}`}
              value={chosen}
              choices={monthDates.map((date) => ({
                key: date.date,
                label: formatDate(language, date.date),
                note: t('booking.date.times', { count: date.timeslots.length }),
              }))}
              onChoose={(date) => dispatch({ type: 'dateChosen', date })}
              onChosen={() => revealNext(next)}
            />
          </div>
        ))}
      {waitlist && !query.isLoading && !query.error && (
        <Suspense fallback={null}>
          <WaitlistDates
            serviceId={service.id}
            calendarId={state.calendarId ?? 0}
            duration={duration}
            language={language}
          />
        </Suspense>
      )}
    </StepFrame>
  );
}
