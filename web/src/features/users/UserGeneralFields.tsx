import { Callout, Checkbox, FormGroup, Radio, RadioGroup, Switch } from '@blueprintjs/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../shared/fields/TextField';
import { failedPasswordRules, PasswordRules } from '../auth';
import type { Role } from '../../shared/currentUser';
import type { PasswordChoice, UserFormProblems, UserFormValues } from './userForm';

const roleChoices: readonly Role[] = ['ROLE_ROOT', 'ROLE_ADMIN', 'ROLE_FRONTEND', 'ROLE_USER', 'ROLE_AUDITOR'];

interface Props {
  values: UserFormValues;
  problems: UserFormProblems;
  isNew: boolean;
  canSetRolesAndPassword: boolean;
  allCalendars: boolean;
  onChange: <K extends keyof UserFormValues>(field: K, value: UserFormValues[K]) => void;
}

/**
 * The General tab: name, e-mail, position, enabled; roles and password for a System Administrator only. A new user
 * gets a password now or, by explicit choice, an e-mailed link to set it (the only way when a non-root creates).
 */
export function UserGeneralFields({ values, problems, isNew, canSetRolesAndPassword, allCalendars, onChange }: Props) {
  const { t } = useTranslation();
  const rulesId = useId();
  const rolesHelperId = useId();
  const message = (field: keyof UserFormProblems) => (problems[field] ? t(problems[field]) : undefined);

  function toggleRole(role: Role, chosen: boolean) {
    const roles = chosen ? [...values.roles, role] : values.roles.filter((held) => held !== role);
    onChange(
      'roles',
      roleChoices.filter((choice) => roles.includes(choice)),
    );
  }

  return (
    <div className="user-general">
      {allCalendars && (
        <Callout intent="primary" icon="info-sign" className="form-callout">
          {t('users.allCalendars')}
        </Callout>
      )}
      <div className="form-row">
        <TextField
          label={t('users.firstName')}
          value={values.firstName}
          onValueChange={(value) => onChange('firstName', value)}
          error={message('firstName')}
          autoComplete="off"
          maxLength={100}
          required
        />
        <TextField
          label={t('users.lastName')}
          value={values.lastName}
          onValueChange={(value) => onChange('lastName', value)}
          error={message('lastName')}
          autoComplete="off"
          maxLength={100}
          required
        />
      </div>
      <div className="form-row">
        <TextField
          label={t('users.email')}
          type="email"
          value={values.email}
          onValueChange={(value) => onChange('email', value)}
          error={message('email')}
          autoComplete="off"
          maxLength={180}
          required
        />
        <TextField
          label={t('users.position')}
          value={values.position}
          onValueChange={(value) => onChange('position', value)}
          error={message('position')}
          autoComplete="off"
          maxLength={100}
        />
      </div>
      <Switch
        label={t('users.enabled')}
        checked={values.enabled}
        onChange={(event) => onChange('enabled', event.currentTarget.checked)}
      />
      {canSetRolesAndPassword && (
        <>
          <FormGroup
            label={t('users.roles')}
            labelInfo={t('admin.required')}
            intent={problems.roles ? 'danger' : 'none'}
            helperText={problems.roles ? <span id={rolesHelperId}>{message('roles')}</span> : undefined}
          >
            <div
              role="group"
              aria-label={t('users.roles')}
              aria-describedby={problems.roles ? rolesHelperId : undefined}
              className="role-choices"
            >
              {roleChoices.map((role) => (
                <Checkbox
                  key={role}
                  label={t(`roles.${role}`)}
                  checked={values.roles.includes(role)}
                  onChange={(event) => toggleRole(role, event.currentTarget.checked)}
                />
              ))}
            </div>
          </FormGroup>
          {isNew && (
            <RadioGroup
              label={t('users.passwordChoice')}
              selectedValue={values.passwordChoice}
              onChange={(event) => onChange('passwordChoice', event.currentTarget.value as PasswordChoice)}
            >
              <Radio value="set" label={t('users.passwordSet')} />
              <Radio value="link" label={t('users.passwordLink')} />
            </RadioGroup>
          )}
          {isNew && values.passwordChoice === 'link' ? (
            <p className="user-password-link">{t('users.passwordLinkHint')}</p>
          ) : (
            <>
              <TextField
                label={t('users.password')}
                type="password"
                autoComplete="new-password"
                value={values.password}
                onValueChange={(value) => onChange('password', value)}
                error={message('password')}
                helperText={isNew ? t('users.passwordHintNew') : t('users.passwordHintEdit')}
                aria-describedby={values.password !== '' ? rulesId : undefined}
                required={isNew}
              />
              {values.password !== '' && (
                <PasswordRules
                  id={rulesId}
                  failed={failedPasswordRules(values.password)}
                  attempted={problems.password !== undefined}
                />
              )}
            </>
          )}
        </>
      )}
      {!canSetRolesAndPassword && isNew && (
        <Callout intent="primary" icon="envelope" className="form-callout">
          {t('users.passwordLinkOnly')}
        </Callout>
      )}
    </div>
  );
}
