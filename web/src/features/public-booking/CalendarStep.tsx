import { NonIdealState } from '@blueprintjs/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicService } from './serviceTypes';
import { ChoiceCards } from './ChoiceCards';
import { LocationText } from './LocationText';
import { revealNext, StepFrame } from './StepFrame';
import type { WizardAction, WizardState } from './wizardState';

interface CalendarStepProps {
  service: PublicService;
  state: WizardState;
  focus: boolean;
  dispatch: (action: WizardAction) => void;
}

/** §2.1 calendar choice: the service's clinics or courses, each with its location and address. */
export function CalendarStep({ service, state, focus, dispatch }: CalendarStepProps) {
  const { t } = useTranslation();
  const next = useRef<HTMLButtonElement>(null);
  const calendars = service.calendars;
  const title = service.calendarSelectionHeader || t('booking.calendar.title');
  return (
    <StepFrame
      title={title}
      focus={focus}
      onBack={() => dispatch({ type: 'back' })}
      onNext={() => dispatch({ type: 'next' })}
      nextDisabled={state.calendarId === null}
      nextRef={next}
      stickyActions
    >
      {calendars.length === 0 ? (
        <NonIdealState className="page-state" icon="calendar" title={t('booking.calendar.none')} />
      ) : (
        <ChoiceCards
          legend={title}
          value={state.calendarId === null ? null : String(state.calendarId)}
          choices={calendars.map((calendar) => ({
            key: String(calendar.id),
            label: (
              <>
                <strong className="booking-choice-title">{calendar.name}</strong>
                {calendar.description && <span className="booking-choice-line">{calendar.description}</span>}
                <LocationText location={calendar.location} />
              </>
            ),
          }))}
          onChoose={(key) => {
            const calendar = calendars.find((candidate) => String(candidate.id) === key);
            if (calendar)
              dispatch({ type: 'calendarChosen', calendarId: calendar.id, groupSession: calendar.groupSession });
          }}
          onChosen={() => revealNext(next)}
        />
      )}
    </StepFrame>
  );
}
