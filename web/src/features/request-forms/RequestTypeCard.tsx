import { Card, H2, Radio, RadioGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { REQUEST_TYPES } from '../../../../domain/request-forms/request-form';
import { SelectField } from '../../shared/fields/SelectField';
import { TextAreaField } from '../../shared/fields/TextAreaField';
import { NewCalendarFields } from './NewCalendarFields';
import { withCalendar } from './requestLanes';
import type { RequestChoices } from './useRequestChoices';
import type { RequestFormModel } from './useRequestForm';

const idValue = (id: number | null) => (id === null ? '' : String(id));

/**
 * The request itself (§3 Request form): its type, then either the new calendar asked for or the existing calendar
 * the dates are for (choosing one sets the lane count from its lanes, §4.4), and the schedule wanted.
 */
export function RequestTypeCard({ form, choices }: { form: RequestFormModel; choices: RequestChoices }) {
  const { t } = useTranslation();
  const { values, update, message } = form;
  const forCalendar = values.requestType === 'requestformcalendar';
  return (
    <Card className="page-card">
      <H2 className="card-title">{t('requestForms.sections.request')}</H2>
      <RadioGroup
        label={t('requestForms.fields.requestType')}
        name="request-type"
        inline
        selectedValue={values.requestType}
        onChange={(event) => {
          const picked = REQUEST_TYPES.find((type) => type === event.currentTarget.value);
          if (picked) update((current) => ({ ...current, requestType: picked }));
        }}
      >
        {REQUEST_TYPES.map((type) => (
          <Radio key={type} value={type} label={t(`requestForms.types.${type}`)} />
        ))}
      </RadioGroup>
      {forCalendar ? (
        <NewCalendarFields form={form} locations={choices.locationChoices} />
      ) : (
        <SelectField
          label={t('requestForms.fields.calendar')}
          value={idValue(values.calendarId)}
          choices={choices.calendarChoices}
          placeholder={t('requestForms.fields.chooseCalendar')}
          helperText={t('requestForms.fields.calendarHint')}
          onValueChange={(value) => {
            const calendar = choices.calendarOf(value === '' ? null : Number(value));
            update((current) => withCalendar(current, calendar, form.laneName));
          }}
          error={message('calendarId')}
          required
        />
      )}
      <TextAreaField
        label={t('requestForms.fields.schedule')}
        helperText={t('requestForms.fields.scheduleHint')}
        value={values.schedule}
        onValueChange={(schedule) => update((current) => ({ ...current, schedule }))}
        maxLength={2000}
        rows={3}
      />
    </Card>
  );
}
