import { Suspense, useReducer, useState } from 'react';
import { firstPosition } from '../../../../domain/services/questionnaire-rules';
import type { Language } from '../../i18n/languages';
import { useBotCheck } from '../bot-check';
import { WaitlistOfferStep } from '../waitlist';
import { PageSpinner } from '../../shared/states/PageSpinner';
import type { PublicService } from './serviceTypes';
import { AppointmentStep } from './AppointmentStep';
import { useCreatePublicLockMutation, useReleasePublicLockMutation } from './bookingApi';
import { lockFailureCode } from './bookingErrors';
import { CalendarStep } from './CalendarStep';
import { ConfirmationStep } from './ConfirmationStep';
import { DateStep } from './DateStep';
import { ErrorStep } from './ErrorStep';
import { LandingStep } from './LandingStep';
import { QuestionnaireStep } from './QuestionnaireStep';
import { SessionStep } from './SessionStep';
import { addSeconds } from './slotTimes';
import { TimeStep } from './TimeStep';
import type { LockRequest } from './types';
import { useLockRelease } from './useLockRelease';
import { useOfferLink } from './useOfferLink';
import { offerClientCount } from './offerChoices';
import { initialWizardState, questionnaireSettings, wizardReducer, type Confirmation } from './wizardState';
import './booking.css';
import { assertNever } from '../../../../domain/shared/decider';

/** §9: a calendar's lock time when it gives none. */
const DEFAULT_LOCK_SECONDS = 300;

/**
 * The steps that lock or book: the bot check's widget stays on the page through them, so that it solves in the
 * background while the visitor chooses (each lock and each booking spends one solution).
 */
const BOT_CHECKED_STEPS = new Set(['calendar', 'date', 'time', 'session', 'appointment']);

/**
 * §2.1, §4.1 the booking wizard of one service: landing, questionnaire, calendar, date or session, time,
 * appointment form, confirmation, error. It holds the visitor's choices and the calls that change the server's
 * state (lock, release); each step shows one part.
 */
export function BookingWizard({
  service,
  language,
  onLeave,
}: {
  service: PublicService;
  language: Language;
  onLeave: () => void;
}) {
  const { questionnaire } = service;
  const [state, dispatch] = useReducer(wizardReducer, questionnaire !== null, initialWizardState);
  const [createLock, { isLoading: locking }] = useCreatePublicLockMutation();
  const [releaseLock] = useReleasePublicLockMutation();
  const botCheck = useBotCheck();
  const [restarting, setRestarting] = useState(false);
  // a waitlist offer's place stays held when the page closes: its e-mail's link opens it again until it lapses
  useLockRelease(state.offer ? null : state.lock);
  const offerLink = useOfferLink(() => {
    if (state.step === 'landing') return; // the landing step shows the offer by itself
    void release(state.lock?.token);
    dispatch({ type: 'restart' });
  });

  const calendar = service.calendars.find((candidate) => candidate.id === state.calendarId);
  const settings = questionnaireSettings(state);
  const clientCount = state.offer ? offerClientCount(state, service.defaultSpots) : (settings.clientCount ?? 1);
  const duration = settings.duration ?? service.defaultDuration;
  const sessionSpots = state.offer?.spots ?? settings.clientCount ?? service.defaultSpots;
  const focus = state.moves > 0;

  const release = (token: string | undefined) =>
    token && !state.offer
      ? releaseLock(token)
          .unwrap()
          .catch(() => undefined)
      : Promise.resolve();

  async function lockChoice(timeslot = state.timeslot) {
    let request: LockRequest | null = null;
    if (state.groupSession && state.session) {
      request = {
        calendarDateLaneId: state.session.id,
        startTime: state.session.time,
        endTime: state.session.endTime,
        spots: sessionSpots,
        serviceId: service.id,
      };
    } else if (!state.groupSession && timeslot) {
      request = {
        calendarDateLaneId: timeslot.id,
        startTime: timeslot.time,
        endTime: addSeconds(timeslot.time, duration),
        serviceId: service.id,
      };
    }
    if (!request || locking || botCheck.waiting) return;
    let solved: string | null;
    try {
      solved = await botCheck.whenReady();
    } catch {
      dispatch({ type: 'lockRefused', code: 'BOT_CHECK_FAILED' });
      return;
    }
    try {
      const { token } = await createLock(solved === null ? request : { ...request, botCheck: solved }).unwrap();
      if (typeof token !== 'string' || token === '') {
        dispatch({ type: 'lockRefused', code: 'INVALID_LOCK_TOKEN' });
        return;
      }
      dispatch({
        type: 'locked',
        lock: { token, deadline: Date.now() + (calendar?.lockTime ?? DEFAULT_LOCK_SECONDS) * 1000 },
      });
    } catch (error) {
      dispatch({ type: 'lockRefused', code: lockFailureCode(error) });
    } finally {
      botCheck.reset(); // a solution is good for one request: the next one (the booking) is solved while the form is filled
    }
  }

  async function restart() {
    setRestarting(true);
    await release(state.lock?.token);
    setRestarting(false);
    offerLink.forget();
    dispatch({ type: 'restart' });
  }

  const common = { service, state, language, focus, dispatch };
  let step;
  switch (state.step) {
    case 'landing':
      step = offerLink.token ? (
        <Suspense fallback={<PageSpinner />}>
          <WaitlistOfferStep
            token={offerLink.token}
            serviceId={service.id}
            startOverTo={offerLink.withoutOffer}
            onOpened={(offer) => dispatch({ type: 'offerOpened', offer })}
          />
        </Suspense>
      ) : (
        <LandingStep
          service={service}
          focus={focus}
          onBack={onLeave}
          onNext={() => dispatch({ type: 'started', first: questionnaire ? firstPosition(questionnaire) : null })}
        />
      );
      break;
    case 'questionnaire':
      step = questionnaire && <QuestionnaireStep questionnaire={questionnaire} {...common} />;
      break;
    case 'calendar':
      step = <CalendarStep {...common} />;
      break;
    case 'date':
      step = <DateStep {...common} duration={duration} />;
      break;
    case 'time':
      step = (
        <TimeStep
          {...common}
          duration={duration}
          locking={locking || botCheck.waiting}
          onLock={(timeslot) => void lockChoice(timeslot)}
        />
      );
      break;
    case 'session':
      step = (
        <SessionStep
          {...common}
          spots={sessionSpots}
          locking={locking || botCheck.waiting}
          onLock={() => void lockChoice()}
        />
      );
      break;
    case 'appointment':
      step = state.lock && (
        <AppointmentStep
          {...common}
          calendar={calendar}
          lock={state.lock}
          botCheck={botCheck}
          clientCount={clientCount}
          spots={state.groupSession ? sessionSpots : undefined}
          restarting={restarting}
          onBack={
            state.offer
              ? undefined // the offer's place is the one to book: no other to choose
              : () => {
                  void release(state.lock?.token);
                  dispatch({ type: 'back' });
                }
          }
          onRestart={() => void restart()}
          onBooked={(confirmation: Confirmation) => {
            offerLink.forget();
            dispatch({ type: 'booked', confirmation });
          }}
          onFailed={(code) => {
            void release(state.lock?.token);
            dispatch({ type: 'failed', code });
          }}
        />
      );
      break;
    case 'confirmation':
      step = state.confirmation && (
        <ConfirmationStep
          {...common}
          calendar={calendar}
          confirmation={state.confirmation}
          onRestart={() => dispatch({ type: 'restart' })}
        />
      );
      break;
    case 'error':
      step = (
        <ErrorStep
          code={state.failure ?? 'INTERNAL_ERROR'}
          focus={focus}
          onRetry={() => dispatch({ type: 'retryTime' })}
          onRestart={() => dispatch({ type: 'restart' })}
        />
      );
      break;
    default:
      assertNever(state.step);
  }
  return (
    <>
      <div className="booking-wizard" key={state.moves}>
        {step}
      </div>
      {BOT_CHECKED_STEPS.has(state.step) && botCheck.element}
    </>
  );
}
