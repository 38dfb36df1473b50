import { FormGroup, InputGroup, NumericInput } from '@blueprintjs/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, isPlainDate } from '../../../../domain/shared/plain-date';

/**
 * The registration deadline and spots of the series that new dates make on a group-session calendar (added or
 * copied). Until the user sets them, they follow the dates as they are chosen: the deadline is the day before the
 * first session (today at the earliest), the spots are `defaultSpots`.
 */
export function useSeriesSettings(firstDate: string | undefined, today: string, defaultSpots: number) {
  const [chosenDeadline, setDeadline] = useState<string | null>(null);
  const [chosenSpots, setSpots] = useState<string | null>(null);
  const spots = chosenSpots ?? String(defaultSpots);
  const dayBefore = firstDate ? addDays(firstDate, -1) : today;
  const deadline = chosenDeadline ?? (dayBefore < today ? today : dayBefore);
  const spotsValue = Number(spots);
  const spotsProblem = !(Number.isInteger(spotsValue) && spotsValue >= 1 && spotsValue <= 100);
  // §5 Dates and series: the deadline is required; the series refuses one before today or after the first session.
  const deadlineProblem = !isPlainDate(deadline)
    ? ('deadlineRequired' as const)
    : deadline < today || (firstDate !== undefined && deadline > firstDate)
      ? ('deadlineRange' as const)
      : null;
  return {
    deadline,
    setDeadline,
    spots,
    setSpots,
    spotsProblem,
    deadlineProblem,
    hasProblems: spotsProblem || deadlineProblem !== null,
    reset: () => {
      setDeadline(null);
      setSpots(null);
    },
    body: { deadline, spots: spotsValue },
  };
}

export type SeriesSettings = ReturnType<typeof useSeriesSettings>;

interface SeriesFieldsProps {
  settings: SeriesSettings;
  firstDate: string | undefined;
  today: string;
  /** Problems show once the user has tried to save. */
  attempted: boolean;
}

export function SeriesFields({ settings, firstDate, today, attempted }: SeriesFieldsProps) {
  const { t } = useTranslation();
  const deadlineId = useId();
  const spotsId = useId();
  const { deadline, setDeadline, spots, setSpots, spotsProblem, deadlineProblem } = settings;
  return (
    <div className="form-row">
      <FormGroup
        label={t('calendarDates.batch.deadline')}
        labelFor={deadlineId}
        labelInfo={t('admin.required')}
        intent={attempted && deadlineProblem ? 'danger' : 'none'}
        helperText={
          attempted && deadlineProblem
            ? t(`calendarDates.batch.${deadlineProblem}`)
            : t('calendarDates.batch.deadlineHint')
        }
      >
        <InputGroup
          id={deadlineId}
          type="date"
          required
          min={today}
          max={firstDate}
          value={deadline}
          intent={attempted && deadlineProblem ? 'danger' : 'none'}
          onValueChange={setDeadline}
        />
      </FormGroup>
      <FormGroup
        label={t('calendarDates.batch.spots')}
        labelFor={spotsId}
        labelInfo={t('admin.required')}
        intent={attempted && spotsProblem ? 'danger' : 'none'}
        helperText={attempted && spotsProblem ? t('calendarDates.batch.spotsRange') : undefined}
      >
        <NumericInput
          id={spotsId}
          min={1}
          max={100}
          stepSize={1}
          minorStepSize={null}
          majorStepSize={10}
          fill
          value={spots}
          intent={attempted && spotsProblem ? 'danger' : 'none'}
          onValueChange={(_value, text) => setSpots(text)}
        />
      </FormGroup>
    </div>
  );
}
