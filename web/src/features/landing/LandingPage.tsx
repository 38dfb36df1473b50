import { Button, Card, Checkbox, Classes, FormGroup, H1, H2 } from '@blueprintjs/core';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useLanguage } from '../../i18n/useLanguage';
import { addressAfterConsent } from './afterConsent';
import { hasConsent, setConsent, takeWantedAddress } from './consent';

/**
 * §2.1 landing page: the required consent, then Next to the list of services. Next looks disabled until
 * consent is given but stays focusable (aria-disabled), so that trying it explains what is missing.
 */
export function LandingPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const checkbox = useRef<HTMLInputElement>(null);
  const helperId = useId();
  const [consented, setConsented] = useState(hasConsent);
  const [attempted, setAttempted] = useState(false);
  const showRequired = attempted && !consented;

  function onConsentChange(given: boolean) {
    setConsented(given);
    setConsent(given);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!consented) {
      setAttempted(true);
      checkbox.current?.focus();
      return;
    }
    void navigate(addressAfterConsent(takeWantedAddress(), language));
  }

  return (
    <>
      <H1 className="page-title">{t('landing.title')}</H1>
      <p className={Classes.TEXT_LARGE}>{t('landing.intro')}</p>
      <Card className="page-card">
        <form onSubmit={onSubmit} noValidate>
          <H2 className="card-title">{t('landing.consentHeading')}</H2>
          <p className={Classes.RUNNING_TEXT}>{t('landing.consentText')}</p>
          <FormGroup
            className="consent-group"
            intent={showRequired ? 'danger' : 'none'}
            helperText={
              consented ? undefined : (
                <span id={helperId} role={showRequired ? 'alert' : undefined}>
                  {showRequired ? t('landing.consentRequired') : t('landing.consentHint')}
                </span>
              )
            }
          >
            <Checkbox
              inputRef={checkbox}
              className="consent-checkbox"
              label={t('landing.consentLabel')}
              checked={consented}
              required
              aria-invalid={showRequired}
              aria-describedby={consented ? undefined : helperId}
              onChange={(event) => onConsentChange(event.currentTarget.checked)}
            />
          </FormGroup>
          <div className="page-actions">
            <Button
              type="submit"
              intent="primary"
              size="large"
              endIcon="arrow-right"
              className={consented ? undefined : Classes.DISABLED}
              aria-disabled={!consented}
            >
              {t('landing.next')}
            </Button>
          </div>
        </form>
      </Card>
    </>
  );
}
