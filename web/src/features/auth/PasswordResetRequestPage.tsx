import { Button, Callout, Card, H1 } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/errorMessages';
import { RouterLink } from '../../shared/routing/RouterLinks';
import { TextField } from '../../shared/fields/TextField';
import { useBotCheck } from '../bot-check';
import { useRequestPasswordResetMutation } from './authApi';
import { emailProblem } from './validation';

/**
 * §2.2 /admin/password-reset-request: the server always answers the same (no account enumeration) and e-mails a
 * reset link when the account exists; the page says so in §8's words. The request carries the solution of the
 * invisible bot check (§5).
 */
export function PasswordResetRequestPage() {
  const { t } = useTranslation();
  const [requestReset, { isLoading, isSuccess, error, reset }] = useRequestPasswordResetMutation();
  const [email, setEmail] = useState('');
  const [attempted, setAttempted] = useState(false);
  const problem = emailProblem(email);
  const botCheck = useBotCheck();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (problem) return;
    let payload: string | null;
    try {
      payload = await botCheck.whenReady();
    } catch {
      return; // the bot check shows its own message and a way to try again
    }
    await requestReset({ username: email.trim(), ...(payload ? { botCheck: payload } : {}) });
    botCheck.reset();
  }

  return (
    <Card className="auth-card">
      <H1 className="page-title">{t('auth.resetRequestTitle')}</H1>
      {isSuccess ? (
        <>
          <Callout intent="primary" icon="envelope" role="status" className="form-callout">
            {t('auth.resetRequested')}
          </Callout>
          <Button variant="minimal" icon="envelope" onClick={() => reset()}>
            {t('auth.resetAnother')}
          </Button>
        </>
      ) : (
        <>
          <p>{t('auth.resetRequestIntro')}</p>
          {error && (
            <Callout intent="danger" role="alert" className="form-callout">
              {errorMessage(t, error)}
            </Callout>
          )}
          <form onSubmit={(event) => void onSubmit(event)} noValidate>
            <TextField
              label={t('auth.email')}
              type="email"
              autoComplete="username"
              value={email}
              onValueChange={setEmail}
              error={attempted && problem ? t(problem) : undefined}
              required
            />
            {botCheck.element}
            <div className="form-actions">
              <Button
                type="submit"
                intent="primary"
                size="large"
                loading={isLoading || botCheck.waiting}
                icon="envelope"
              >
                {t('auth.resetRequestSubmit')}
              </Button>
            </div>
          </form>
        </>
      )}
      <p className="auth-links">
        <RouterLink to="/admin/login">{t('auth.backToSignIn')}</RouterLink>
      </p>
    </Card>
  );
}
