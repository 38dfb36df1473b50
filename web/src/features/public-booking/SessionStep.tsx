import { Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '../../i18n/format';
import type { Language } from '../../i18n/languages';
import { PageSpinner } from '../../shared/states/PageSpinner';
import { WaitlistSessions } from '../waitlist';
import type { PublicService } from './serviceTypes';
import { AvailabilityState } from './AvailabilityState';
import { useGetServiceSessionsQuery } from './bookingApi';
import { ChoiceCards } from './ChoiceCards';
import { FailureNotice } from './FailureNotice';
import { SessionDates } from './SessionDates';
import { revealNext, StepFrame } from './StepFrame';
import type { WizardAction, WizardState } from './wizardState';

interface SessionStepProps {
  service: PublicService;
  state: WizardState;
  spots: number;
  language: Language;
  focus: boolean;
  locking: boolean;
  dispatch: (action: WizardAction) => void;
  onLock: () => void;
}

/**
 * §4.1 group-session choice: the sessions open for registration with enough spots, each with its dates and the
 * spots left. A session someone else is registering for right now cannot be chosen and says so. Under them, the
 * full sessions one may wait for (issue 20 item 6).
 */
export function SessionStep({ service, state, spots, language, focus, locking, dispatch, onLock }: SessionStepProps) {
  const { t } = useTranslation();
  const next = useRef<HTMLButtonElement>(null);
  const query = useGetServiceSessionsQuery(
    { serviceId: service.id, calendarId: state.calendarId ?? 0, spots },
    { refetchOnMountOrArgChange: true },
  );
  const sessions = query.data ?? [];
  const title = t('booking.session.title');
  const chosen = sessions.find((session) => session.id === state.session?.id && !session.isLocked);

  return (
    <StepFrame
      title={title}
      focus={focus}
      onBack={() => dispatch({ type: 'back' })}
      onNext={onLock}
      nextDisabled={!chosen}
      nextLoading={locking}
      nextRef={next}
      stickyActions
    >
      <FailureNotice code={state.failure} />
      <AvailabilityState
        isLoading={query.isLoading}
        isFetching={query.isFetching}
        error={query.error}
        empty={false} // the waitlist's part says there are none, when no full session is there either
        refetch={() => void query.refetch()}
      />
      {sessions.length > 0 && !query.error && (
        <ChoiceCards
          legend={title}
          value={chosen ? String(chosen.id) : null}
          choices={sessions.map((session) => {
            const first = session.sessionDates[0];
            return {
              key: String(session.id),
              disabled: session.isLocked,
              label: (
                <>
                  <strong className="booking-choice-title">
                    {first
                      ? t('booking.session.starts', { date: formatDate(language, first.date) })
                      : formatTime(language, session.time)}
                  </strong>
                  <span className="booking-choice-line">
                    {t('booking.session.spotsLeft', { count: session.spots })}
                  </span>
                  <span className="booking-choice-line">
                    {t('booking.session.deadline', { date: formatDate(language, session.deadline) })}
                  </span>
                </>
              ),
              note: (
                <>
                  <SessionDates dates={session.sessionDates} language={language} />
                  {session.isLocked && <span className="booking-locked">{t('booking.session.locked')}</span>}
                </>
              ),
            };
          })}
          onChoose={(key) => {
            const session = sessions.find((candidate) => String(candidate.id) === key);
            if (session && !session.isLocked) dispatch({ type: 'sessionChosen', session });
          }}
          onChosen={() => revealNext(next)}
        />
      )}
      {!query.isLoading && !query.error && (
        <Suspense fallback={sessions.length === 0 ? <PageSpinner /> : null}>
          <WaitlistSessions
            serviceId={service.id}
            calendarId={state.calendarId ?? 0}
            spots={spots}
            language={language}
            none={sessions.length === 0}
          />
        </Suspense>
      )}
    </StepFrame>
  );
}
