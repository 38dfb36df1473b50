import { Callout, H2 } from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/errorMessages';
import { RouterAnchorButton } from '../../shared/routing/RouterLinks';
import { PageSpinner } from '../../shared/states/PageSpinner';
import type { OpenedOffer } from './types';
import { useGetWaitlistTargetsQuery, useOpenWaitlistOfferMutation } from './waitlistApi';

interface WaitlistOfferStepProps {
  token: string;
  serviceId: number;
  /** The service's page without the offer: where Start over leads. */
  startOverTo: string;
  onOpened: (offer: OpenedOffer) => void;
}

/**
 * The offer e-mail's link: opens the offer (the place it holds and its lock), finds a course's dates for the
 * summary, and hands it to the wizard, which goes straight to the form. A lapsed or used offer says so, with a way
 * to start over.
 */
export function WaitlistOfferStep({ token, serviceId, startOverTo, onOpened }: WaitlistOfferStepProps) {
  const { t } = useTranslation();
  const [open, { data: offer, error }] = useOpenWaitlistOfferMutation();
  const handed = useRef(false);
  useEffect(() => void open(token), [open, token]);
  // an offer of another service's link (a tampered address) is as unknown here as a made-up one
  const ours = offer && offer.serviceId === serviceId ? offer : undefined;
  const course = ours && ours.seriesId !== null ? ours : undefined;
  const targets = useGetWaitlistTargetsQuery(
    course ? { serviceId, calendarId: course.calendarId, spots: course.spots } : skipToken,
  );
  const ready = ours !== undefined && (course === undefined || !(targets.isUninitialized || targets.isFetching));

  useEffect(() => {
    if (!ours || !ready || handed.current) return;
    handed.current = true;
    const session = targets.data?.sessions.find((candidate) => candidate.seriesId === ours.seriesId);
    onOpened({ ...ours, sessionDates: session?.sessionDates ?? [], deadline: session?.deadline ?? null });
  }, [ours, ready, targets.data, onOpened]);

  const failure = error ? errorMessage(t, error) : offer && !ours ? t('errors.WAITLIST_OFFER_NOT_FOUND') : null;
  if (!failure) return <PageSpinner />;
  return (
    <section className="booking-step">
      <H2 className="booking-step-title">{t('waitlist.offer.failedTitle')}</H2>
      <Callout intent="danger" icon="error" role="alert" className="booking-callout">
        {failure}
      </Callout>
      <div className="page-actions booking-actions">
        <RouterAnchorButton to={startOverTo} replace intent="primary" icon="refresh">
          {t('waitlist.offer.startOver')}
        </RouterAnchorButton>
      </div>
    </section>
  );
}
