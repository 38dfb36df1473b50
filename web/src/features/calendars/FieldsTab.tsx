import { Callout, Checkbox, H3, HTMLTable, Switch, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  ADMIN_FIELDS,
  CLIENT_FIELDS,
  CODE_GROUPS,
  codesOf,
  type CalendarField,
  type ClientFieldName,
  type CodeGroup,
} from '../../../../domain/calendars/fields';
import { CheckboxGroupField } from '../../shared/fields/CheckboxGroupField';
import { SelectField } from '../../shared/fields/SelectField';
import {
  fieldOf,
  isAlwaysRequired,
  setCodeCategory,
  setCodeChosen,
  setFieldRequired,
  setFieldUsed,
} from './calendarForm';

interface FieldsTabProps {
  fields: CalendarField[];
  message: (field: string) => string | undefined;
  onChange: (fields: CalendarField[]) => void;
}

/** One client field: Use and Required (first and last name always on and required: §5). */
function FieldRow({
  name,
  fields,
  onChange,
}: {
  name: ClientFieldName;
  fields: CalendarField[];
  onChange: (fields: CalendarField[]) => void;
}) {
  const { t } = useTranslation();
  const field = fieldOf(fields, name);
  const fixed = isAlwaysRequired(name);
  const label = t(`calendarForm.fields.names.${name}`);
  const columns = {
    field: t('calendarForm.fields.field'),
    use: t('calendarForm.fields.use'),
    required: t('calendarForm.fields.required'),
  };
  return (
    <tr>
      <th scope="row" data-label={columns.field}>
        {label}
        {fixed && (
          <Tag minimal className="calendar-field-fixed">
            {t('calendarForm.fields.alwaysRequired')}
          </Tag>
        )}
      </th>
      <td data-label={columns.use}>
        <Switch
          className="calendar-field-switch"
          checked={fixed || field !== undefined}
          disabled={fixed}
          aria-label={t('calendarForm.fields.useNamed', { field: label })}
          onChange={(event) => onChange(setFieldUsed(fields, name, event.currentTarget.checked))}
        />
      </td>
      <td data-label={columns.required}>
        <Switch
          className="calendar-field-switch"
          checked={fixed || (field?.required ?? false)}
          disabled={fixed || field === undefined}
          aria-label={t('calendarForm.fields.requiredNamed', { field: label })}
          onChange={(event) => onChange(setFieldRequired(fields, name, event.currentTarget.checked))}
        />
      </td>
    </tr>
  );
}

function FieldTable({
  names,
  fields,
  onChange,
  caption,
}: {
  names: readonly ClientFieldName[];
  fields: CalendarField[];
  onChange: (fields: CalendarField[]) => void;
  caption: string;
}) {
  const { t } = useTranslation();
  return (
    <HTMLTable className="admin-table responsive-table calendar-fields-table" compact>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('calendarForm.fields.field')}</th>
          <th scope="col">{t('calendarForm.fields.use')}</th>
          <th scope="col">{t('calendarForm.fields.required')}</th>
        </tr>
      </thead>
      <tbody>
        {names.map((name) => (
          <FieldRow key={name} name={name} fields={fields} onChange={onChange} />
        ))}
      </tbody>
    </HTMLTable>
  );
}

/** The codes offered: a code category, and when it is All, the codes chosen (at least one: §5). */
function CodeChoices({
  field,
  fields,
  error,
  onChange,
}: {
  field: CalendarField;
  fields: CalendarField[];
  error: string | undefined;
  onChange: (fields: CalendarField[]) => void;
}) {
  const { t } = useTranslation();
  const category: CodeGroup = field.category ?? 'All';
  const chosen = new Set(field.options ?? []);
  return (
    <div className="calendar-codes">
      <SelectField
        className="calendar-code-category"
        label={t('calendarForm.fields.codeCategory')}
        value={category}
        choices={CODE_GROUPS.map((group) => ({ value: group, label: t(`calendarForm.fields.codeGroups.${group}`) }))}
        onValueChange={(group) => onChange(setCodeCategory(fields, group))}
      />
      {category === 'All' ? (
        <CheckboxGroupField
          label={t('calendarForm.fields.codes')}
          hint={t('calendarForm.fields.codesHint')}
          error={error}
          required
          className="calendar-choice-grid"
        >
          {codesOf('All').map((code) => (
            <Checkbox
              key={code}
              label={code}
              checked={chosen.has(code)}
              onChange={(event) => onChange(setCodeChosen(fields, code, event.currentTarget.checked))}
            />
          ))}
        </CheckboxGroupField>
      ) : (
        <p className="calendar-group-codes">
          <span>{t('calendarForm.fields.groupCodes')}</span>{' '}
          {codesOf(category).map((code) => (
            <Tag key={code} minimal>
              {code}
            </Tag>
          ))}
        </p>
      )}
    </div>
  );
}

/**
 * Fields: which client fields the calendar's appointment form asks for, required or optional (§2.3, §5). The
 * staff-only fields have their own group: they never appear on the self-booking page.
 */
export function FieldsTab({ fields, message, onChange }: FieldsTabProps) {
  const { t } = useTranslation();
  const clientFields = CLIENT_FIELDS.filter((name) => !ADMIN_FIELDS.includes(name));
  const codes = fieldOf(fields, 'codes');
  const general = message('fields');
  return (
    <div className="calendar-form-panel">
      <p>{t('calendarForm.fields.intro')}</p>
      {general && (
        <Callout intent="danger" className="form-callout">
          {general}
        </Callout>
      )}
      <section aria-labelledby="calendar-client-fields" className="calendar-form-section">
        <H3 id="calendar-client-fields" className="calendar-form-section-title">
          {t('calendarForm.fields.clientFields')}
        </H3>
        <FieldTable
          names={clientFields}
          fields={fields}
          onChange={onChange}
          caption={t('calendarForm.fields.clientFields')}
        />
      </section>
      <section aria-labelledby="calendar-staff-fields" className="calendar-form-section">
        <H3 id="calendar-staff-fields" className="calendar-form-section-title">
          {t('calendarForm.fields.staffFields')}
        </H3>
        <Callout intent="primary" icon="lock" className="form-callout">
          {t('calendarForm.fields.staffNote')}
        </Callout>
        <FieldTable
          names={ADMIN_FIELDS}
          fields={fields}
          onChange={onChange}
          caption={t('calendarForm.fields.staffFields')}
        />
        {codes && <CodeChoices field={codes} fields={fields} error={message('fields.codes')} onChange={onChange} />}
      </section>
    </div>
  );
}
