import { Button, Callout, Card, Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { RouterAnchorButton } from '../../shared/routing/RouterLinks';
import { useSanitizedHtml } from '../../shared/sanitizeHtml';
import type { Language } from '../../i18n/languages';
import type { PublicService } from './serviceTypes';
import { BookingSummary } from './BookingSummary';
import { StepFrame } from './StepFrame';
import type { PublicCalendar } from './types';
import type { Confirmation, WizardState } from './wizardState';

interface ConfirmationStepProps {
  service: PublicService;
  calendar: PublicCalendar | undefined;
  state: WizardState;
  confirmation: Confirmation;
  language: Language;
  focus: boolean;
  onRestart: () => void;
}

/**
 * §2.1 confirmation: the code, large; the service's confirmation page; what was booked; and a Print button (unless
 * the service removes it) that prints this part of the page only (booking.css).
 */
export function ConfirmationStep({
  service,
  calendar,
  state,
  confirmation,
  language,
  focus,
  onRestart,
}: ConfirmationStepProps) {
  const { t } = useTranslation();
  const page = useSanitizedHtml(service.confirmationPage);
  return (
    <div className="booking-print">
      <StepFrame
        title={state.session ? t('booking.confirmation.registeredTitle') : t('booking.confirmation.title')}
        focus={focus}
        extraActions={
          <>
            <Button variant="outlined" icon="refresh" onClick={onRestart}>
              {t('booking.confirmation.another')}
            </Button>
            {!service.removePrintButton && (
              <Button intent="primary" icon="print" onClick={() => window.print()}>
                {t('booking.confirmation.print')}
              </Button>
            )}
          </>
        }
      >
        <Callout intent="success" icon="tick-circle" className="booking-confirmation">
          <p className="booking-code-label">{t('booking.confirmation.codeLabel')}</p>
          {/* Screen readers read a code like ABCDE23456 as a word: they get it one character at a time instead. */}
          <p className="booking-code" aria-hidden="true">
            {confirmation.code}
          </p>
          <p className="booking-visually-hidden">{confirmation.code.split('').join(' ')}</p>
          <p className="booking-code-hint">{t('booking.confirmation.keepCode')}</p>
        </Callout>
        <BookingSummary
          service={service}
          calendar={calendar}
          state={state}
          language={language}
          clients={confirmation.clients}
        />
        <RouterAnchorButton
          to={`/${language}/appointment`}
          variant="minimal"
          icon="search"
          className="booking-no-print"
        >
          {t('manageBooking.link')}
        </RouterAnchorButton>
        {page && (
          <Card className="page-card">
            <div className={`service-landing ${Classes.RUNNING_TEXT}`} dangerouslySetInnerHTML={{ __html: page }} />
          </Card>
        )}
      </StepFrame>
    </div>
  );
}
