import { Button, Callout, Card, H1 } from '@blueprintjs/core';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { errorCode, errorIssues, errorMessage } from '../../shared/errorMessages';
import { RouterAnchorButton, RouterLink } from '../../shared/routing/RouterLinks';
import { TextField } from '../../shared/fields/TextField';
import { useSetNewPasswordMutation } from './authApi';
import { failedPasswordRules, passwordRuleOfIssue } from './passwordPolicy';
import { PasswordRules } from './PasswordRules';

/** §2.2 /admin/password-reset/{code}: the new password twice, checked against §5's policy before it is sent. */
export function PasswordResetPage() {
  const { t } = useTranslation();
  const code = useParams().code ?? '';
  const rulesId = useId();
  const [setNewPassword, { isLoading, isSuccess, error }] = useSetNewPasswordMutation();
  const [password, setPassword] = useState('');
  const [passwordCheck, setPasswordCheck] = useState('');
  const [attempted, setAttempted] = useState(false);

  const issues = errorIssues(error);
  const passwordIssues = issues.filter((issue) => issue.path[0] === 'password');
  const serverRules = passwordIssues
    .map((issue) => passwordRuleOfIssue(issue.message))
    .filter((rule) => rule !== undefined);
  // A code too short or too long to be one is refused by validation: to the user it is an invalid code.
  const serverCode = issues.some((issue) => issue.path[0] === 'code') ? 'INVALID_CODE' : errorCode(error);
  const failed = [...new Set([...failedPasswordRules(password), ...serverRules])];
  const passwordError =
    (attempted && failed.length > 0) || passwordIssues.length > 0 ? t('password.notAllRules') : undefined;
  const mismatch = (attempted && password !== passwordCheck) || serverCode === 'PASSWORDS_MISMATCH';
  const fieldError = serverCode === 'PASSWORDS_MISMATCH' || passwordIssues.length > 0;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (failedPasswordRules(password).length > 0 || password !== passwordCheck) return;
    void setNewPassword({ code, password, passwordCheck });
  }

  if (isSuccess) {
    return (
      <Card className="auth-card">
        <H1 className="page-title">{t('auth.resetTitle')}</H1>
        <Callout intent="success" role="status" className="form-callout">
          {t('auth.passwordChanged')}
        </Callout>
        <RouterAnchorButton to="/admin/login" intent="primary" icon="log-in">
          {t('auth.signIn')}
        </RouterAnchorButton>
      </Card>
    );
  }

  const invalidCode = serverCode === 'INVALID_CODE';
  return (
    <Card className="auth-card">
      <H1 className="page-title">{t('auth.resetTitle')}</H1>
      {error && !fieldError && (
        <Callout intent="danger" role="alert" className="form-callout">
          <p>{invalidCode ? t('errors.INVALID_CODE') : errorMessage(t, error)}</p>
          {invalidCode && <RouterLink to="/admin/password-reset-request">{t('auth.requestNewLink')}</RouterLink>}
        </Callout>
      )}
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label={t('auth.newPassword')}
          type="password"
          autoComplete="new-password"
          value={password}
          onValueChange={setPassword}
          error={passwordError}
          aria-describedby={rulesId}
          required
        />
        <PasswordRules id={rulesId} failed={failed} attempted={attempted || passwordIssues.length > 0} />
        <TextField
          label={t('auth.newPasswordCheck')}
          type="password"
          autoComplete="new-password"
          value={passwordCheck}
          onValueChange={setPasswordCheck}
          error={mismatch ? t('errors.PASSWORDS_MISMATCH') : undefined}
          required
        />
        <div className="form-actions">
          <Button type="submit" intent="primary" size="large" loading={isLoading} icon="key">
            {t('auth.resetSubmit')}
          </Button>
        </div>
      </form>
      <p className="auth-links">
        <RouterLink to="/admin/login">{t('auth.backToSignIn')}</RouterLink>
      </p>
    </Card>
  );
}
