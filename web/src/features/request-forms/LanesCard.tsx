import { Callout, Card, H2, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { MAX_REQUEST_LANES, MIN_REQUEST_LANES } from '../../../../domain/request-forms/request-form';
import { SelectField } from '../../shared/fields/SelectField';
import { RequestLaneFields } from './RequestLaneFields';
import { withLaneCount, withSameLaneData } from './requestLanes';
import type { RequestFormModel } from './useRequestForm';

const counts = Array.from({ length: MAX_REQUEST_LANES - MIN_REQUEST_LANES + 1 }, (_, index) =>
  String(MIN_REQUEST_LANES + index),
);

/**
 * The lanes asked for (§4.4, §9): 1 to 4; changing the count rebuilds the lanes, and with "same data for every lane"
 * a single lane describes them all.
 */
export function LanesCard({ form }: { form: RequestFormModel }) {
  const { t } = useTranslation();
  const { values, update, message, laneName } = form;
  const general = message('lanes');
  return (
    <Card className="page-card">
      <H2 className="card-title">{t('requestForms.sections.lanes')}</H2>
      <div className="form-row">
        <SelectField
          label={t('requestForms.fields.laneCount')}
          value={String(values.laneCount)}
          choices={counts.map((count) => ({ value: count, label: count }))}
          onValueChange={(count) => update((current) => withLaneCount(current, Number(count), laneName))}
          error={message('laneCount')}
          required
        />
      </div>
      <Switch
        label={t('requestForms.fields.sameLaneData')}
        checked={values.sameLaneData}
        onChange={(event) => {
          const same = event.currentTarget.checked;
          update((current) => withSameLaneData(current, same, laneName));
        }}
      />
      <p className="rf-hint">{t('requestForms.fields.sameLaneDataHint')}</p>
      {general && (
        <Callout intent="danger" className="form-callout">
          {general}
        </Callout>
      )}
      <div className="rf-lanes">
        {values.lanes.map((lane, index) => (
          <RequestLaneFields
            // Lanes have no id: their place is their identity while the form is open.
            key={index}
            lane={lane}
            title={
              values.sameLaneData
                ? t('requestForms.lane.allLanes', { count: values.laneCount })
                : t('requestForms.lane.title', { number: index + 1 })
            }
            today={form.today}
            message={(property) => message(`lanes.${index}.${property}`)}
            onChange={(changed) =>
              update((current) => ({
                ...current,
                lanes: current.lanes.map((old, at) => (at === index ? changed(old) : old)),
              }))
            }
          />
        ))}
      </div>
    </Card>
  );
}
