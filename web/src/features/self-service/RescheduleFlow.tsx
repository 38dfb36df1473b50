import { Button, Callout } from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../i18n/languages';
import { errorMessage } from '../../shared/errorMessages';
import { PageSpinner } from '../../shared/states/PageSpinner';
import type { PublicService } from '../public-booking';
import { MoveConfirm } from './MoveConfirm';
import type { ManagedBooking } from './types';
import { useReschedule } from './useReschedule';
import { useWizardParts } from './useWizardParts';

/** §9: a calendar's lock time when it gives none. */
const DEFAULT_LOCK_SECONDS = 300;

interface RescheduleFlowProps {
  booking: ManagedBooking;
  token: string;
  language: Language;
  onMoved: (booking: ManagedBooking) => void;
  onLeave: () => void;
  onRefused: (error: unknown) => void;
}

/**
 * Issue 20 reschedule: the wizard's date and time steps for the booking's service, calendar and duration, then
 * "move my appointment?" while the new time is held.
 */
export function RescheduleFlow(props: RescheduleFlowProps) {
  const { t } = useTranslation();
  const { booking, language, onLeave } = props;
  const { useGetPublicServiceQuery } = useWizardParts();
  const query = useGetPublicServiceQuery(booking.service ? { id: booking.service.id, locale: language } : skipToken);
  if (query.isLoading) return <PageSpinner />;
  if (!query.data) {
    return (
      <Callout intent="danger" icon="error" role="alert" className="booking-callout">
        <p>{errorMessage(t, query.error)}</p>
        <Button icon="arrow-left" onClick={onLeave}>
          {t('booking.back')}
        </Button>
      </Callout>
    );
  }
  return <RescheduleSteps {...props} service={query.data} />;
}

function RescheduleSteps({ service, ...props }: RescheduleFlowProps & { service: PublicService }) {
  const { booking, language } = props;
  const { DateStep, TimeStep, useBotCheck } = useWizardParts();
  const botCheck = useBotCheck();
  const calendar = service.calendars.find((candidate) => candidate.id === booking.calendarId);
  const flow = useReschedule({ ...props, botCheck, lockSeconds: calendar?.lockTime ?? DEFAULT_LOCK_SECONDS });
  const { state } = flow;
  const common = { service, state, language, focus: state.moves > 0, dispatch: flow.dispatch };

  let step = null;
  if (state.step === 'date') step = <DateStep {...common} duration={booking.duration} waitlist={false} />;
  if (state.step === 'time')
    step = (
      <TimeStep
        {...common}
        duration={booking.duration}
        locking={flow.locking}
        onLock={(timeslot) => void flow.hold(timeslot)}
      />
    );
  if (state.step === 'appointment' && state.lock && state.date && state.timeslot)
    step = (
      <MoveConfirm
        booking={booking}
        date={state.date}
        time={state.timeslot.time}
        lock={state.lock}
        language={language}
        focus={common.focus}
        moving={flow.moving}
        failure={flow.failure}
        onConfirm={() => void flow.confirm()}
        onBack={flow.back}
      />
    );
  return (
    <>
      <div className="booking-wizard" key={state.moves}>
        {step}
      </div>
      {(state.step === 'date' || state.step === 'time') && botCheck.element}
    </>
  );
}
