import { findOfferByHoldToken } from '../../projections/waitlist/queries';
import { HttpError } from '../middleware/errors';
import { defineRoute } from '../routing';
import { waitlistOffer, waitlistOfferBody } from './schemas';

const offerNotFound = () =>
  new HttpError(404, 'WAITLIST_OFFER_NOT_FOUND', 'This offer does not exist or has already been used.');

/** Issue 20 item 6: the offer e-mail's link opens the booking form on the place the offer holds. */
export const waitlistOfferRoutes = [
  defineRoute({
    method: 'post',
    path: '/public/waitlist/offer',
    summary:
      'The place a waitlist offer holds, for the booking form: book it through POST /public/appointments with lockToken. 409 WAITLIST_OFFER_EXPIRED once it has run out, 404 WAITLIST_OFFER_NOT_FOUND when unknown, booked or left',
    tag: 'public',
    access: 'public',
    body: waitlistOfferBody,
    response: waitlistOffer,
    async handler({ body, dependencies }) {
      const entry = await findOfferByHoldToken(dependencies.knex, body.offerToken);
      const offer = entry?.offer;
      const open = entry?.status === 'offered' && entry.takenByAppointmentId === null;
      if (!entry || !offer || (!open && entry.status !== 'lapsed')) throw offerNotFound();
      if (entry.status === 'lapsed' || new Date(offer.expiresAt) <= dependencies.now())
        throw new HttpError(
          409,
          'WAITLIST_OFFER_EXPIRED',
          'This offer has run out: the place went to the next person.',
        );
      const { target } = entry;
      return {
        serviceId: entry.serviceId,
        calendarId: target.calendarId,
        seriesId: target.kind === 'series' ? target.seriesId : null,
        date: target.kind === 'date' ? target.date : null,
        laneId: offer.laneId,
        startTime: offer.startTime,
        endTime: offer.endTime,
        spots: entry.spots,
        duration: entry.duration,
        expiresAt: offer.expiresAt,
        lockToken: offer.holdToken,
        email: entry.email,
        language: entry.language,
      };
    },
  }),
];
