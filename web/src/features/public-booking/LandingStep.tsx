import { Card, Checkbox, Classes, FormGroup } from '@blueprintjs/core';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSanitizedHtml } from '../../shared/sanitizeHtml';
import type { PublicService } from './serviceTypes';
import { StepFrame } from './StepFrame';

interface LandingStepProps {
  service: PublicService;
  focus: boolean;
  /** Back to the list of services. */
  onBack: () => void;
  onNext: () => void;
}

/**
 * §2.1 the wizard's first step: the service's landing text and, when the service asks for it
 * (`consentRequired`), the visitor's consent to go on. The site-wide consent was given on the site's landing page.
 */
export function LandingStep({ service, focus, onBack, onNext }: LandingStepProps) {
  const { t } = useTranslation();
  const landingPage = useSanitizedHtml(service.landingPage);
  const consentRequired = service.fields.consentRequired;
  // The consent is to the information above it: it shows once that text does (DOMPurify loads on demand), so that it
  // neither comes before what it agrees to nor jumps down under a finger or a click when the text arrives.
  const landingShown = !service.landingPage || landingPage !== null;
  const [consented, setConsented] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const checkbox = useRef<HTMLInputElement>(null);
  const helperId = useId();
  const missing = attempted && consentRequired && !consented;

  const next = () => {
    if (consentRequired && !consented) {
      setAttempted(true);
      checkbox.current?.focus();
      return;
    }
    onNext();
  };

  return (
    <StepFrame title={t('booking.landing.title')} focus={focus} onBack={onBack} onNext={next}>
      {landingPage && (
        <Card className="page-card">
          <div
            className={`service-landing ${Classes.RUNNING_TEXT}`}
            dangerouslySetInnerHTML={{ __html: landingPage }}
          />
        </Card>
      )}
      {consentRequired && landingShown && (
        <FormGroup
          className="consent-group"
          intent={missing ? 'danger' : 'none'}
          helperText={
            missing ? (
              <span id={helperId} role="alert">
                {t('booking.landing.consentRequired')}
              </span>
            ) : undefined
          }
        >
          <Checkbox
            inputRef={checkbox}
            label={t('booking.landing.consent')}
            checked={consented}
            required
            aria-invalid={missing}
            aria-describedby={missing ? helperId : undefined}
            onChange={(event) => setConsented(event.currentTarget.checked)}
          />
        </FormGroup>
      )}
    </StepFrame>
  );
}
