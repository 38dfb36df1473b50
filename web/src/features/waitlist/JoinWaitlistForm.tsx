import { Button, Callout, FormGroup, InputGroup } from '@blueprintjs/core';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../i18n/languages';
import { LanguageRadioGroup } from '../../shared/contact/LanguageRadioGroup';
import { errorIssues, errorMessage, type ApiError } from '../../shared/errorMessages';
import { useBotCheck } from '../bot-check';
import { emailProblem, isEmailIssue, joinWaitlistBody } from './joinWaitlist';
import type { WaitlistTarget } from './types';
import { useJoinWaitlistMutation } from './waitlistApi';

interface JoinWaitlistFormProps {
  serviceId: number;
  calendarId: number;
  target: WaitlistTarget;
  /** What the waiting is for, shown above the fields ("For the session starting …"). */
  description: string;
  spots: number;
  language: Language;
  onCancel: () => void;
}

/**
 * Join the waitlist: an e-mail address and the language of the e-mails (the page's at first), under the bot check;
 * then the place in line. The spots or the length come from the wizard.
 */
export function JoinWaitlistForm({ description, spots, language, onCancel, ...where }: JoinWaitlistFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const botCheck = useBotCheck();
  const [join, { isLoading }] = useJoinWaitlistMutation();
  const [email, setEmail] = useState('');
  const [emailLanguage, setEmailLanguage] = useState<Language>(language);
  const [emailError, setEmailError] = useState<'required' | 'email' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [position, setPosition] = useState<number | null>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const busy = isLoading || botCheck.waiting;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problem = emailProblem(email);
    setEmailError(problem);
    setFailure(null);
    if (problem) return emailInput.current?.focus();
    let solved: string | null;
    try {
      solved = await botCheck.whenReady();
    } catch {
      return setFailure(t('errors.BOT_CHECK_FAILED'));
    }
    try {
      const body = joinWaitlistBody({ ...where, spots, email, language: emailLanguage, botCheck: solved });
      setPosition((await join(body).unwrap()).position);
    } catch (error) {
      if (errorIssues(error as ApiError).some(isEmailIssue)) setEmailError('email');
      setFailure(errorMessage(t, error as ApiError));
    } finally {
      botCheck.reset(); // a solution is good for one request
    }
  }

  if (position !== null)
    return (
      <Callout intent="success" icon="tick-circle" role="status" className="booking-callout waitlist-joined">
        {t('waitlist.form.joined', { position })}
      </Callout>
    );

  const helperId = `${id}-helper`;
  return (
    <form className="waitlist-form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="waitlist-form-title">
        <strong>{t('waitlist.form.title')}</strong> <span>{description}</span>
      </p>
      {failure && (
        <Callout intent="danger" icon="error" role="alert" className="booking-callout">
          {failure}
        </Callout>
      )}
      <FormGroup
        label={t('booking.form.email')}
        labelFor={`${id}-email`}
        labelInfo={<span aria-hidden="true">*</span>}
        intent={emailError ? 'danger' : 'none'}
        helperText={
          <span id={helperId}>
            {emailError ? t(`booking.form.errors.${emailError}`) : t('waitlist.form.emailHint')}
          </span>
        }
      >
        <InputGroup
          id={`${id}-email`}
          inputRef={emailInput}
          type="email"
          autoComplete="email"
          maxLength={180}
          required
          autoFocus
          value={email}
          intent={emailError ? 'danger' : 'none'}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={helperId}
          onValueChange={setEmail}
        />
      </FormGroup>
      <LanguageRadioGroup
        className="booking-radio-group"
        label={t('waitlist.form.language')}
        name={`${id}-language`}
        value={emailLanguage}
        onChange={setEmailLanguage}
      />
      {botCheck.element}
      <div className="waitlist-form-actions">
        <Button variant="outlined" onClick={onCancel}>
          {t('waitlist.form.cancel')}
        </Button>
        <Button type="submit" intent="primary" icon="notifications" loading={busy}>
          {t('waitlist.join')}
        </Button>
      </div>
    </form>
  );
}
