import { Button, Callout, Card, H1 } from '@blueprintjs/core';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router-dom';
import { errorCode, errorMessage, type ApiError } from '../../shared/errorMessages';
import { RouterLink } from '../../shared/routing/RouterLinks';
import type { AppDispatch } from '../../shared/appDispatch';
import { TextField } from '../../shared/fields/TextField';
import { useLoginCheckMutation } from './authApi';
import { selectSessionExpired } from '../../shared/authSlice';
import { returnPath } from './returnPath';
import { signIn } from './session';
import { emailProblem } from './validation';

type Step = 'credentials' | 'code';

/** The answer to show above the form: §8's intents (disabled account as a warning, the code request as info). */
function Outcome({ error, step }: { error: ApiError; step: Step }) {
  const { t } = useTranslation();
  const code = errorCode(error);
  if (code === '2FA_REQUIRED' || (!error && step === 'code')) {
    return (
      <Callout intent="primary" icon="envelope" role="status" className="form-callout">
        {t('errors.2FA_REQUIRED')}
      </Callout>
    );
  }
  if (!error) return null;
  return (
    <Callout intent={code === 'ACCOUNT_DISABLED' ? 'warning' : 'danger'} role="alert" className="form-callout">
      {errorMessage(t, error)}
    </Callout>
  );
}

/** §2.2 /admin/login: email and password, then the six-digit code when the server asks for it (§4.4). */
export function LoginPage() {
  const { t } = useTranslation();
  const dispatch = useDispatch<AppDispatch>();
  const navigate = useNavigate();
  const location = useLocation();
  const expired = useSelector(selectSessionExpired);
  const [loginCheck, { isLoading }] = useLoginCheckMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<Step>('credentials');
  const [attempted, setAttempted] = useState(false);
  const [failure, setFailure] = useState<ApiError>(undefined);
  const codeInput = useRef<HTMLInputElement>(null);

  const problems = {
    email: emailProblem(email),
    password: password === '' ? 'auth.passwordMissing' : undefined,
    code: step === 'code' && !/^\d{6}$/.test(code) ? 'auth.codeInvalid' : undefined,
  } as const;
  const shown = (key: keyof typeof problems) => (attempted && problems[key] ? t(problems[key]) : undefined);

  async function submit(withCode: boolean) {
    setFailure(undefined);
    const answer = await loginCheck({ username: email.trim(), password, ...(withCode ? { twoFactorCode: code } : {}) });
    if ('data' in answer && answer.data) {
      dispatch(signIn(answer.data.token));
      void navigate(returnPath(location.state), { replace: true });
      return;
    }
    const error = answer.error;
    const failed = errorCode(error);
    if (failed === '2FA_REQUIRED') {
      setStep('code');
      setCode('');
      setAttempted(false);
    } else if (failed === '2FA_FAILED') {
      setCode('');
    } else if (failed === 'INVALID_CREDENTIALS' || failed === 'ACCOUNT_DISABLED') {
      setStep('credentials');
    }
    setFailure(error);
    if (failed === '2FA_REQUIRED' || failed === '2FA_FAILED') window.setTimeout(() => codeInput.current?.focus(), 0);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (problems.email || problems.password || problems.code) return;
    void submit(step === 'code');
  }

  function startOver() {
    setStep('credentials');
    setCode('');
    setPassword('');
    setFailure(undefined);
    setAttempted(false);
  }

  return (
    <Card className="auth-card">
      <H1 className="page-title">{t('auth.signInTitle')}</H1>
      {expired && !failure && step === 'credentials' && (
        <Callout intent="warning" role="status" className="form-callout">
          {t('auth.sessionExpired')}
        </Callout>
      )}
      <Outcome error={failure} step={step} />
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label={t('auth.email')}
          type="email"
          autoComplete="username"
          value={email}
          onValueChange={setEmail}
          readOnly={step === 'code'}
          error={shown('email')}
          required
        />
        <TextField
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
          readOnly={step === 'code'}
          error={shown('password')}
          required
        />
        {step === 'code' && (
          <TextField
            label={t('auth.code')}
            inputRef={codeInput}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            value={code}
            onValueChange={(value) => setCode(value.replace(/\D/g, '').slice(0, 6))}
            error={shown('code')}
            helperText={t('auth.codeHint')}
            required
          />
        )}
        <div className="form-actions">
          <Button type="submit" intent="primary" size="large" loading={isLoading} icon="log-in">
            {t('auth.signIn')}
          </Button>
          {step === 'code' && (
            <>
              <Button variant="minimal" icon="refresh" disabled={isLoading} onClick={() => void submit(false)}>
                {t('auth.resendCode')}
              </Button>
              <Button variant="minimal" icon="arrow-left" disabled={isLoading} onClick={startOver}>
                {t('auth.startOver')}
              </Button>
            </>
          )}
        </div>
      </form>
      <p className="auth-links">
        <RouterLink to="/admin/password-reset-request">{t('auth.forgotPassword')}</RouterLink>
      </p>
    </Card>
  );
}
