import { EARLIEST_REQUEST_TIME, LATEST_REQUEST_TIME } from '../../../../domain/request-forms/request-form';
import { formatTime } from '../../i18n/format';
import type { Language } from '../../i18n/languages';
import type { Choice } from '../../shared/fields/SelectField';

/** §9: request times are chosen every 5 minutes from 06:00 to 18:00 ('HH:MM'). */
const STEP_MINUTES = 5;
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export const REQUEST_TIMES: readonly string[] = Array.from(
  { length: (minutesOf(LATEST_REQUEST_TIME) - minutesOf(EARLIEST_REQUEST_TIME)) / STEP_MINUTES + 1 },
  (_, index) => timeOf(minutesOf(EARLIEST_REQUEST_TIME) + index * STEP_MINUTES),
);

/** The time choices, labelled per language ("8:45 a.m." / "8 h 45"). */
export const timeChoices = (language: Language): Choice[] =>
  REQUEST_TIMES.map((time) => ({ value: time, label: formatTime(language, time) }));
