import { Callout } from '@blueprintjs/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '../../i18n/format';
import type { Language } from '../../i18n/languages';
import type { PublicService } from './serviceTypes';
import { AvailabilityState } from './AvailabilityState';
import { useGetServiceDatesQuery } from './bookingApi';
import { ChoiceCards } from './ChoiceCards';
import { FailureNotice } from './FailureNotice';
import { revealNext, StepFrame } from './StepFrame';
import type { WizardAction, WizardState } from './wizardState';

interface TimeStepProps {
  service: PublicService;
  state: WizardState;
  duration: number;
  language: Language;
  focus: boolean;
  locking: boolean;
  dispatch: (action: WizardAction) => void;
  /** Holds the chosen time, on the lane that now offers it. */
  onLock: (timeslot: { id: number; time: string }) => void;
}

/** §2.1 timeslot: the free times of the chosen date as a grid; Next holds the time with a lock. */
export function TimeStep({ service, state, duration, language, focus, locking, dispatch, onLock }: TimeStepProps) {
  const { t } = useTranslation();
  const next = useRef<HTMLButtonElement>(null);
  const query = useGetServiceDatesQuery(
    { serviceId: service.id, calendarId: state.calendarId ?? 0, duration },
    { refetchOnMountOrArgChange: true },
  );
  const timeslots = query.data?.find((date) => date.date === state.date)?.timeslots ?? [];
  const title = service.timeSelectionHeader || t('booking.time.title');
  // The list offers each time once, on the first lane free then; as others hold and release times, a time may move to
  // another lane. The visitor chose a time, so the choice follows it.
  const chosen =
    state.timeslot &&
    (timeslots.find((slot) => slot.id === state.timeslot?.id && slot.time === state.timeslot.time) ??
      timeslots.find((slot) => slot.time === state.timeslot?.time));
  const keyOf = (slot: { id: number; time: string }) => `${slot.id}@${slot.time}`;

  return (
    <StepFrame
      title={title}
      focus={focus}
      onBack={() => dispatch({ type: 'back' })}
      onNext={() => chosen && onLock(chosen)}
      nextDisabled={!chosen}
      nextLoading={locking}
      nextRef={next}
      stickyActions
    >
      {state.date && <p className="booking-context">{formatDate(language, state.date)}</p>}
      <FailureNotice code={state.failure} />
      <AvailabilityState
        isLoading={query.isLoading}
        isFetching={query.isFetching}
        error={query.error}
        empty={false}
        refetch={() => void query.refetch()}
      />
      {!query.isLoading && !query.error && timeslots.length === 0 && (
        <Callout intent="primary" icon="info-sign" className="booking-callout">
          {t('booking.time.none')}
        </Callout>
      )}
      {timeslots.length > 0 && !chosen && <p className="booking-hint">{t('booking.time.selectHint')}</p>}
      {timeslots.length > 0 && (
        <ChoiceCards
          className="booking-time-grid"
          legend={title}
          value={chosen ? keyOf(chosen) : null}
          choices={timeslots.map((slot) => ({ key: keyOf(slot), label: formatTime(language, slot.time) }))}
          onChoose={(key) => {
            const slot = timeslots.find((candidate) => keyOf(candidate) === key);
            if (slot) dispatch({ type: 'timeChosen', timeslot: slot });
          }}
          onChosen={() => revealNext(next)}
        />
      )}
    </StepFrame>
  );
}
