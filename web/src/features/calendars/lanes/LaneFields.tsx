import { Button, Card, Checkbox, H3, Radio, RadioGroup } from '@blueprintjs/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DURATION_CHOICES,
  laneSlotTimes,
  SLOT_INTERVAL_CHOICES,
  type Lane,
} from '../../../../../domain/calendars/lane';
import { toTimeOfDay } from '../../../../../domain/calendars/time-of-day';
import { formatTime } from '../../../i18n/format';
import { CheckboxGroupField } from '../../../shared/fields/CheckboxGroupField';
import { SelectField } from '../../../shared/fields/SelectField';
import { TextField } from '../../../shared/fields/TextField';
import { useAdminLanguage } from '../../../shared/adminLanguage';
import { changeLane, setDefaultDuration, toggleDuration, toggleSlot, type SlotList } from './laneRules';
import { timeChoices } from './timeChoices';

interface LaneFieldsProps {
  lane: Lane;
  index: number;
  canDelete: boolean;
  /** The message of a problem of this lane's property ('name', 'endTime'...), if it has one. */
  message: (property: string) => string | undefined;
  onChange: (lane: Lane) => void;
  onDelete: () => void;
}

/**
 * One lane (§3 Lane, §5 Lane), a region named "Lane n": name, start and end (every 5 minutes; a change making the
 * lane start at or after its end is ignored), slot interval, the durations with their default, and the break and
 * bookable slots among the lane's own slot times (breaks are never bookable; slots outside the lane are dropped).
 */
export function LaneFields({ lane, index, canDelete, message, onChange, onDelete }: LaneFieldsProps) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const headingId = useId();
  const number = index + 1;
  const minutes = (seconds: number) => t('lanes.minutes', { count: seconds / 60 });
  const times = timeChoices([lane.startTime, lane.endTime]).map((time) => ({
    value: time,
    label: formatTime(language, time),
  }));
  const slots = laneSlotTimes(lane).map(toTimeOfDay);
  const breaks = new Set(lane.breakSlots);
  const bookable = new Set(lane.bookableSlots);
  const enabled = new Set(lane.durations.map((duration) => duration.value));
  const defaultDuration = lane.durations.find((duration) => duration.isDefault)?.value;
  const change = (patch: Parameters<typeof changeLane>[1]) => onChange(changeLane(lane, patch));

  const slotBoxes = (list: SlotList, offered: readonly string[], chosen: ReadonlySet<string>) =>
    offered.map((time) => (
      <Checkbox
        key={time}
        label={formatTime(language, time)}
        checked={chosen.has(time)}
        onChange={(event) => onChange(toggleSlot(lane, list, time, event.currentTarget.checked))}
      />
    ));

  return (
    <Card className="lane-card" compact>
      <section aria-labelledby={headingId}>
        <div className="lane-heading">
          <H3 id={headingId} className="lane-title">
            {t('lanes.lane', { number })}
          </H3>
          {canDelete && (
            <Button
              icon="trash"
              intent="danger"
              variant="outlined"
              size="small"
              onClick={onDelete}
              aria-label={t('lanes.deleteLaneNamed', { number, name: lane.name })}
            >
              {t('lanes.deleteLane')}
            </Button>
          )}
        </div>
        <div className="lane-grid">
          <TextField
            className="lane-name"
            label={t('lanes.name')}
            value={lane.name}
            onValueChange={(name) => onChange({ ...lane, name })}
            error={message('name')}
            autoComplete="off"
            maxLength={100}
            required
          />
          <SelectField
            label={t('lanes.startTime')}
            value={lane.startTime}
            choices={times}
            onValueChange={(startTime) => change({ startTime })}
            error={message('startTime')}
          />
          <SelectField
            label={t('lanes.endTime')}
            value={lane.endTime}
            choices={times}
            onValueChange={(endTime) => change({ endTime })}
            error={message('endTime')}
            helperText={t('lanes.endTimeHint')}
          />
          <SelectField
            label={t('lanes.slotInterval')}
            value={String(lane.slotInterval)}
            choices={SLOT_INTERVAL_CHOICES.map((seconds) => ({ value: String(seconds), label: minutes(seconds) }))}
            onValueChange={(value) => change({ slotInterval: Number(value) })}
            error={message('slotInterval')}
          />
        </div>
        <div className="lane-durations">
          <CheckboxGroupField label={t('lanes.durations')} error={message('durations')} className="lane-choice-row">
            {DURATION_CHOICES.map((seconds) => (
              <Checkbox
                key={seconds}
                label={minutes(seconds)}
                checked={enabled.has(seconds)}
                onChange={(event) => onChange(toggleDuration(lane, seconds, event.currentTarget.checked))}
              />
            ))}
          </CheckboxGroupField>
          {lane.durations.length > 0 && (
            <RadioGroup
              className="lane-choice-row"
              label={t('lanes.defaultDuration')}
              name={`lane-${headingId}-default-duration`}
              inline
              selectedValue={defaultDuration === undefined ? undefined : String(defaultDuration)}
              onChange={(event) => onChange(setDefaultDuration(lane, Number(event.currentTarget.value)))}
            >
              {lane.durations.map((duration) => (
                <Radio key={duration.value} value={String(duration.value)} label={minutes(duration.value)} />
              ))}
            </RadioGroup>
          )}
        </div>
        <CheckboxGroupField
          label={t('lanes.breakSlots')}
          hint={t('lanes.breakSlotsHint')}
          error={message('breakSlots')}
          className="lane-slot-grid"
        >
          {slotBoxes('breakSlots', slots, breaks)}
        </CheckboxGroupField>
        <CheckboxGroupField
          label={t('lanes.bookableSlots')}
          hint={t('lanes.bookableSlotsHint')}
          error={message('bookableSlots')}
          className="lane-slot-grid"
        >
          {slotBoxes(
            'bookableSlots',
            slots.filter((time) => !breaks.has(time)),
            bookable,
          )}
        </CheckboxGroupField>
      </section>
    </Card>
  );
}
