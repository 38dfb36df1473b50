import type { OpenedOffer } from '../waitlist';
import { addSeconds } from './slotTimes';
import type { WizardState } from './wizardState';

/** A waitlist offer's choices: its calendar, its date and time or its course, and the lock that holds the place. */
export function offerChoices(offer: OpenedOffer): Partial<WizardState> {
  const course = offer.seriesId !== null;
  const first = offer.sessionDates[0];
  const start = offer.startTime ?? first?.time ?? '00:00:00';
  const duration = offer.duration ?? first?.duration ?? 0;
  return {
    calendarId: offer.calendarId,
    groupSession: course,
    date: course ? null : offer.date,
    timeslot: !course && offer.startTime ? { id: offer.laneId, time: offer.startTime } : null,
    session: course
      ? {
          id: offer.laneId,
          time: start,
          endTime: offer.endTime ?? addSeconds(start, duration),
          duration,
          isLocked: false,
          sessionDates: offer.sessionDates,
          spots: offer.spots,
          deadline: offer.deadline ?? '',
        }
      : null,
    lock: { token: offer.lockToken, deadline: Date.parse(offer.expiresAt) },
    offer: { email: offer.email, spots: offer.spots },
    failure: null,
  };
}

/**
 * The clients the form starts with for an offer: one for a date; for a course, as many as its spots when they came
 * from the questionnaire's client count rather than the service's default spots (as the wizard counts without one).
 */
export const offerClientCount = (state: WizardState, defaultSpots: number): number =>
  state.groupSession && state.offer && state.offer.spots !== defaultSpots ? state.offer.spots : 1;
