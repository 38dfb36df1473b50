import { Button, Card, Checkbox, FormGroup, H4 } from '@blueprintjs/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { assertNever } from '../../../../../domain/shared/decider';
import { CLIENT_FIELDS } from '../../../../../domain/calendars/fields';
import { SelectField } from '../../../shared/fields/SelectField';
import { TextField } from '../../../shared/fields/TextField';
import { ATTENDANCES, PRONOUNS } from '../types';
import {
  ROOM_MAX,
  requiresField,
  usesField,
  type ClientField,
  type ClientValues,
  type FormErrors,
  type FormRules,
} from './appointmentValues';
import { useErrorText } from './useErrorText';

interface ClientFieldsProps {
  index: number;
  client: ClientValues;
  rules: FormRules;
  errors: FormErrors;
  removable: boolean;
  onChange: (client: ClientValues) => void;
  onRemove: () => void;
}

/** One client of the appointment (§3 Client data entry): the fields the calendar uses, first and last name always. */
export function ClientFields({ index, client, rules, errors, removable, onChange, onRemove }: ClientFieldsProps) {
  const { t } = useTranslation();
  const errorText = useErrorText(rules);
  const number = index + 1;
  const set = <K extends keyof ClientValues>(key: K, value: ClientValues[K]) => onChange({ ...client, [key]: value });
  const error = (name: ClientField) => errorText(errors[`clients.${index}.${name}`]);
  const label = (name: ClientField) => t(`appointments.form.fields.${name}`);
  const shown = CLIENT_FIELDS.filter((name) => name === 'firstName' || name === 'lastName' || usesField(rules, name));

  function field(name: ClientField) {
    const required = name === 'firstName' || name === 'lastName' || requiresField(rules, name);
    const common = { label: label(name), required, error: error(name) };
    switch (name) {
      case 'firstName':
      case 'lastName':
      case 'preferredName':
      case 'clientLanguage':
        return (
          <TextField {...common} value={client[name]} maxLength={100} onValueChange={(value) => set(name, value)} />
        );
      case 'clientId':
        return (
          <TextField
            {...common}
            value={client.clientId}
            inputMode="numeric"
            maxLength={10}
            helperText={t('appointments.form.clientIdHint')}
            onValueChange={(value) => set('clientId', value)}
          />
        );
      case 'dateOfBirth':
        return (
          <TextField
            {...common}
            type="date"
            value={client.dateOfBirth}
            max={rules.maxDateOfBirth}
            onValueChange={(value) => set('dateOfBirth', value)}
          />
        );
      case 'dose':
        return (
          <TextField
            {...common}
            type="number"
            min={0}
            max={99}
            value={client.dose}
            onValueChange={(value) => set('dose', value)}
          />
        );
      case 'room':
        return (
          <TextField
            {...common}
            value={client.room}
            maxLength={ROOM_MAX}
            helperText={t('appointments.form.roomHint')}
            onValueChange={(value) => set('room', value)}
          />
        );
      case 'pronoun':
        return (
          <SelectField
            {...common}
            value={client.pronoun}
            placeholder={t('appointments.form.none')}
            choices={PRONOUNS.map((value) => ({ value, label: t(`appointments.form.pronouns.${value}`) }))}
            onValueChange={(value) => set('pronoun', value)}
          />
        );
      case 'attendance':
        return (
          <SelectField
            {...common}
            value={client.attendance}
            placeholder={t('appointments.form.none')}
            choices={ATTENDANCES.map((value) => ({ value, label: t(`appointments.attendance.${value}`) }))}
            onValueChange={(value) => set('attendance', value)}
          />
        );
      case 'legalGuardian':
      case 'notGuardian':
      case 'authorized':
      case 'translationServices':
        return (
          <Checkbox
            className="appt-checkbox"
            label={label(name)}
            checked={client[name]}
            onChange={(event) => set(name, event.currentTarget.checked)}
          />
        );
      case 'codes':
        return (
          <FormGroup
            label={label(name)}
            labelInfo={required ? t('admin.required') : undefined}
            intent={common.error ? 'danger' : 'none'}
            helperText={common.error}
          >
            <div className="appt-codes" role="group" aria-label={label(name)}>
              {rules.codeOptions.map((code) => (
                <Checkbox
                  key={code}
                  inline
                  label={code}
                  checked={client.codes.includes(code)}
                  onChange={(event) =>
                    set(
                      'codes',
                      event.currentTarget.checked
                        ? [...client.codes, code]
                        : client.codes.filter((chosen) => chosen !== code),
                    )
                  }
                />
              ))}
            </div>
          </FormGroup>
        );
      default:
        return assertNever(name);
    }
  }

  return (
    <Card className="appt-client" role="group" aria-label={t('appointments.form.client', { number })}>
      <div className="appt-client-heading">
        <H4>{t('appointments.form.client', { number })}</H4>
        {removable && (
          <Button
            icon="cross"
            variant="minimal"
            intent="danger"
            aria-label={t('appointments.form.removeClient', { number })}
            onClick={onRemove}
          >
            {t('appointments.form.removeClient', { number })}
          </Button>
        )}
      </div>
      <div className="appt-client-fields">
        {shown.map((name) => (
          <Fragment key={name}>{field(name)}</Fragment>
        ))}
      </div>
    </Card>
  );
}
