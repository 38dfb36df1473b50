import { Button, Callout } from '@blueprintjs/core';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../i18n/languages';
import { errorMessage, type ApiError } from '../../shared/errorMessages';
import { validateLookup, type LookupErrors, type LookupValues } from './lookupForm';
import { useLookUpOwnBookingMutation } from './selfServiceApi';
import type { ManagedBooking } from './types';
import { useWizardParts } from './useWizardParts';

interface LookupFormProps {
  language: Language;
  /** Why the visitor is here again (an expired link, a booking no longer found), shown above the fields. */
  notice: string | null;
  onFound: (booking: ManagedBooking) => void;
}

/** The confirmation code and a client's last name open a booking; the bot check guards the form. */
export function LookupForm({ language, notice, onFound }: LookupFormProps) {
  const { t } = useTranslation();
  const { FormField, useBotCheck } = useWizardParts();
  const botCheck = useBotCheck();
  const [lookUp, { isLoading }] = useLookUpOwnBookingMutation();
  const [values, setValues] = useState<LookupValues>({ confirmationCode: '', lastName: '' });
  const [errors, setErrors] = useState<LookupErrors>({});
  const [failure, setFailure] = useState<string | null>(notice);
  const summary = useRef<HTMLDivElement>(null);
  const change = (field: keyof LookupValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const fail = (message: string | null, found: LookupErrors = {}) => {
    setFailure(message);
    setErrors(found);
    requestAnimationFrame(() => summary.current?.focus());
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isLoading || botCheck.waiting) return;
    const found = validateLookup(values);
    if (Object.keys(found).length > 0) return fail(t('selfService.lookup.fixFields'), found);
    let solved: string | null;
    try {
      solved = await botCheck.whenReady();
    } catch {
      return fail(t('errors.BOT_CHECK_FAILED'));
    }
    try {
      const body = { ...values, locale: language };
      onFound(await lookUp(solved === null ? body : { ...body, botCheck: solved }).unwrap());
    } catch (error) {
      fail(errorMessage(t, error as ApiError));
    } finally {
      botCheck.reset(); // a solution is good for one request
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="booking-form">
      <div ref={summary} tabIndex={-1} className="booking-error-summary">
        {failure && (
          <Callout intent="danger" icon="error" role="alert" className="booking-callout">
            <p>{failure}</p>
          </Callout>
        )}
      </div>
      <FormField
        id="lookup-code"
        label={t('selfService.lookup.code')}
        hint={t('selfService.lookup.codeHint')}
        value={values.confirmationCode}
        required
        error={errors.confirmationCode}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        onValueChange={(value) => change('confirmationCode', value)}
      />
      <FormField
        id="lookup-last-name"
        label={t('selfService.lookup.lastName')}
        hint={t('selfService.lookup.lastNameHint')}
        value={values.lastName}
        required
        error={errors.lastName}
        autoComplete="family-name"
        onValueChange={(value) => change('lastName', value)}
      />
      {botCheck.element}
      <div className="page-actions page-actions-start booking-actions">
        <Button type="submit" intent="primary" icon="search" loading={isLoading || botCheck.waiting}>
          {t('selfService.lookup.submit')}
        </Button>
      </div>
    </form>
  );
}
