import { Button, Callout, H1, NonIdealState, Spinner } from '@blueprintjs/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { defaultLanguage, isLanguage } from '../../i18n/languages';
import { errorMessage, type ApiError } from '../../shared/errorMessages';
import { RouterAnchorButton } from '../../shared/routing/RouterLinks';
import { BookingView } from './BookingView';
import { LookupForm } from './LookupForm';
import type { BookingOutcome } from './OutcomeCallout';
import { RescheduleFlow } from './RescheduleFlow';
import type { ManagedBooking } from './types';
import { isLostBooking, isStaleBooking } from './failures';
import { useOwnBooking } from './useOwnBooking';
import type { WizardParts } from './wizardParts';
import { WizardPartsContext } from './useWizardParts';

/**
 * Issue 20 /{lang}/appointment "Find my booking": opens a booking by the link of its e-mails or by its confirmation
 * code and a client's last name, and lets the client cancel it or move it to another time while it may be changed
 * online.
 */
export function SelfServicePage({ parts }: { parts: WizardParts }) {
  const { t } = useTranslation();
  // the `:lang` route's segment, checked by LanguageGuard (i18n/useLanguage reads the same from the whole path; its
  // module would be one more chunk of the public pages' first download, shared with this page's)
  const { lang } = useParams();
  const language = isLanguage(lang) ? lang : defaultLanguage;
  const own = useOwnBooking(language);
  const [outcome, setOutcome] = useState<BookingOutcome | null>(null);
  const [rescheduling, setRescheduling] = useState(false);
  const { booking, token, show, refresh, forget } = own;

  const refused = useCallback(
    (error: unknown) => {
      setRescheduling(false);
      if (isLostBooking(error)) return forget(errorMessage(t, error as ApiError));
      setOutcome({ kind: 'refused', message: errorMessage(t, error as ApiError) });
      if (isStaleBooking(error)) refresh();
    },
    [forget, refresh, t],
  );
  const moved = useCallback(
    (next: ManagedBooking) => {
      show(next, language);
      setOutcome({ kind: 'moved' });
      setRescheduling(false);
    },
    [show, language],
  );
  const findAnother = () => {
    setOutcome(null);
    setRescheduling(false);
    forget();
  };

  let content;
  if (booking && rescheduling && token) {
    content = (
      <RescheduleFlow
        booking={booking}
        token={token}
        language={language}
        onMoved={moved}
        onLeave={() => setRescheduling(false)}
        onRefused={refused}
      />
    );
  } else if (booking) {
    content = (
      <>
        <BookingView
          booking={booking}
          token={token ?? ''}
          language={language}
          outcome={outcome}
          onCancelled={(code) => {
            own.release();
            setOutcome({ kind: 'cancelled', code });
          }}
          onRefused={refused}
          onReschedule={() => {
            setOutcome(null);
            setRescheduling(true);
          }}
        />
        <div className="page-actions page-actions-start booking-actions">
          <Button variant="outlined" icon="search" onClick={findAnother}>
            {t('selfService.actions.another')}
          </Button>
          <RouterAnchorButton to={`/${language}/service`} variant="outlined" icon="calendar">
            {t('selfService.actions.services')}
          </RouterAnchorButton>
        </div>
      </>
    );
  } else if (own.openFailure) {
    content = (
      <Callout intent="danger" icon="error" role="alert" className="booking-callout">
        <p>{errorMessage(t, own.openFailure as ApiError)}</p>
        <div className="page-actions page-actions-start">
          <Button icon="refresh" onClick={refresh}>
            {t('booking.tryAgain')}
          </Button>
          <Button variant="outlined" icon="search" onClick={findAnother}>
            {t('selfService.actions.another')}
          </Button>
        </div>
      </Callout>
    );
  } else if (own.opening) {
    content = <NonIdealState className="page-state" icon={<Spinner />} title={t('selfService.opening')} />;
  } else {
    content = (
      <>
        <p>{t('selfService.intro')}</p>
        <LookupForm
          language={language}
          notice={own.lookupNotice}
          onFound={(found) => {
            setOutcome(null);
            show(found, language);
          }}
        />
      </>
    );
  }

  return (
    <WizardPartsContext value={parts}>
      <H1 className="page-title">{t('selfService.title')}</H1>
      {content}
    </WizardPartsContext>
  );
}
