import type { Knex } from 'knex';
import { calendarStream } from '../../domain/calendars/calendar';
import { calendarDecider } from '../../domain/calendars/decider';
import type { Lane } from '../../domain/calendars/lane';
import { toSeconds } from '../../domain/calendars/time-of-day';
import {
  calendarDateStream,
  dateWindow,
  type DateLane,
  type DateWindow,
} from '../../domain/calendar-dates/calendar-date';
import { calendarDateDecider, contentOf, type CalendarDateState } from '../../domain/calendar-dates/decider';
import { groupSessionSeriesDecider } from '../../domain/group-session-series/decider';
import { seriesStream } from '../../domain/group-session-series/series';
import { DomainError } from '../../domain/shared/decider';
import { todayIn } from '../../domain/shared/plain-date';
import { appendDecisions, decideOn, loadStream, retryOnConflict, type StreamDecision } from '../decide-across-streams';
import type { AppendResult } from '../../domain/event-store/port';
import type { CommandContext, CommandDependencies } from '../handle-command';
import { nextIds } from '../infrastructure/ids';

export type CalendarDateDependencies = CommandDependencies & { knex: Knex; timeZone: string };

interface Calendar {
  id: number;
  name: string;
  groupSession: boolean;
  spots: number;
}

interface Batch {
  calendar: Calendar;
  window: DateWindow;
  now: string;
}

/** The calendar from its own stream (not a read model that may lag), and the window of changeable dates today. */
async function batchFor(dependencies: CalendarDateDependencies, calendarId: number): Promise<Batch> {
  const { state } = await loadStream(dependencies.store, calendarDecider, calendarStream(calendarId));
  if (state.status !== 'active') throw new DomainError('CALENDAR_NOT_FOUND', 'There is no such calendar.');
  const { name, groupSession, spots } = state.settings;
  const now = dependencies.now();
  return {
    calendar: { id: calendarId, name, groupSession, spots },
    window: dateWindow(todayIn(dependencies.timeZone, now)),
    now: now.toISOString(),
  };
}

const uniqueSorted = (dates: string[]) => [...new Set(dates)].sort();

/** Each date gets its own copy of the lanes, with ids of its own (the calendarDateLaneId of locks and bookings). */
async function laneCopies(knex: Knex, lanes: Lane[], count: number): Promise<DateLane[][]> {
  const ids = await nextIds(knex, 'calendarDateLane', lanes.length * count);
  return Array.from({ length: count }, (_, copy) =>
    lanes.map((lane, index) => ({ ...lane, id: ids[copy * lanes.length + index]! })),
  );
}

const loadDates = (dependencies: CalendarDateDependencies, calendarId: number, dates: string[]) =>
  Promise.all(
    dates.map((date) => loadStream(dependencies.store, calendarDateDecider, calendarDateStream(calendarId, date))),
  );

/** On a group-session calendar, the registration deadline and spots of the series that new dates make. */
interface SeriesInput {
  deadline?: string | null | undefined;
  spots?: number | undefined;
}

export interface AddDatesInput extends SeriesInput {
  dates: string[];
  lanes: Lane[];
  enabled: boolean;
}

export interface CopyDateInput extends SeriesInput {
  fromDate: string;
  toDates: string[];
}

const newSeriesId = async (dependencies: CalendarDateDependencies, calendar: Calendar) =>
  calendar.groupSession ? (await nextIds(dependencies.knex, 'groupSessionSeries', 1))[0]! : null;

/**
 * Adds calendar dates, all or none. On a group-session calendar the dates are the sessions of a new series, with
 * its registration deadline and spots, written in the same append.
 */
export async function addDates(
  dependencies: CalendarDateDependencies,
  calendarId: number,
  input: AddDatesInput,
  context: CommandContext,
) {
  const { calendar, window, now } = await batchFor(dependencies, calendarId);
  const dates = uniqueSorted(input.dates);
  const calendarDateIds = await nextIds(dependencies.knex, 'calendarDate', dates.length);
  const lanes = await laneCopies(dependencies.knex, input.lanes, dates.length);
  const seriesId = await newSeriesId(dependencies, calendar);
  const append = await retryOnConflict(async () => {
    const loaded = await loadDates(dependencies, calendarId, dates);
    const decisions: StreamDecision[] = loaded.map((stream, index) =>
      decideOn(calendarDateDecider, stream, {
        type: 'AddCalendarDate',
        data: {
          calendarId,
          date: dates[index]!,
          window,
          now,
          calendarDateId: calendarDateIds[index]!,
          enabled: input.enabled,
          lanes: lanes[index]!,
          seriesId,
          copiedFrom: null,
        },
      }),
    );
    if (seriesId !== null)
      decisions.unshift(
        seriesDecision(
          calendar,
          seriesId,
          dates,
          input.lanes,
          input,
          window,
          now,
          await seriesStreamOf(dependencies, seriesId),
        ),
      );
    return appendDecisions(dependencies, decisions, context);
  });
  return { dates, append };
}

const seriesStreamOf = (dependencies: CalendarDateDependencies, seriesId: number) =>
  loadStream(dependencies.store, groupSessionSeriesDecider, seriesStream(seriesId));

/** A session lasts its first lane's opening hours. */
function seriesDecision(
  calendar: Calendar,
  seriesId: number,
  dates: string[],
  lanes: readonly Lane[],
  input: SeriesInput,
  window: DateWindow,
  now: string,
  loaded: Awaited<ReturnType<typeof seriesStreamOf>>,
): StreamDecision {
  const lane = lanes[0]!;
  const duration = toSeconds(lane.endTime) - toSeconds(lane.startTime);
  const sessionDates = dates.map((date) => ({ date, time: lane.startTime, duration }));
  return decideOn(groupSessionSeriesDecider, loaded, {
    type: 'CreateGroupSessionSeries',
    data: {
      seriesId,
      calendarId: calendar.id,
      name: calendar.name,
      sessionDates,
      deadline: input.deadline ?? null,
      spots: input.spots ?? calendar.spots,
      window,
      now,
    },
  });
}

/**
 * Copies one date's lanes (and flag) onto dates that have none; each copy gets its own ids. On a group-session
 * calendar the copies are the sessions of a new series, as added dates are: a course run again on new dates.
 */
export async function copyDate(
  dependencies: CalendarDateDependencies,
  calendarId: number,
  input: CopyDateInput,
  context: CommandContext,
) {
  const { calendar, window, now } = await batchFor(dependencies, calendarId);
  const { fromDate } = input;
  const dates = uniqueSorted(input.toDates);
  const source = await loadStream(dependencies.store, calendarDateDecider, calendarDateStream(calendarId, fromDate));
  if (source.state.status !== 'active')
    throw new DomainError('CALENDAR_DATE_NOT_FOUND', `There is no calendar date on ${fromDate}.`, {
      field: 'fromDate',
    });
  const calendarDateIds = await nextIds(dependencies.knex, 'calendarDate', dates.length);
  const { enabled, lanes: sourceLanes } = source.state;
  const lanes = await laneCopies(dependencies.knex, sourceLanes, dates.length);
  const seriesId = await newSeriesId(dependencies, calendar);
  const append = await retryOnConflict(async () => {
    const loaded = await loadDates(dependencies, calendarId, dates);
    const decisions: StreamDecision[] = loaded.map((stream, index) =>
      decideOn(calendarDateDecider, stream, {
        type: 'AddCalendarDate',
        data: {
          calendarId,
          date: dates[index]!,
          window,
          now,
          calendarDateId: calendarDateIds[index]!,
          enabled,
          lanes: lanes[index]!,
          seriesId,
          copiedFrom: fromDate,
        },
      }),
    );
    if (seriesId !== null)
      decisions.unshift(
        seriesDecision(
          calendar,
          seriesId,
          dates,
          sourceLanes,
          input,
          window,
          now,
          await seriesStreamOf(dependencies, seriesId),
        ),
      );
    return appendDecisions(dependencies, decisions, context);
  });
  return { dates, append };
}

/**
 * The batch edit: sets the flag and/or the lanes of every listed date. Lanes of a date keep their ids where the
 * date has a lane at the same position, so that what is booked on a lane stays on it.
 */
export async function modifyDates(
  dependencies: CalendarDateDependencies,
  calendarId: number,
  input: { dates: string[]; enabled?: boolean | undefined; lanes?: Lane[] | undefined },
  context: CommandContext,
) {
  const { window, now } = await batchFor(dependencies, calendarId);
  const dates = uniqueSorted(input.dates);
  const newLaneIds = input.lanes ? await laneCopies(dependencies.knex, input.lanes, dates.length) : [];
  const append = await retryOnConflict(async () => {
    const loaded = await loadDates(dependencies, calendarId, dates);
    const decisions = loaded.map((stream, index) =>
      decideOn(calendarDateDecider, stream, {
        type: 'UpdateCalendarDate',
        data: {
          calendarId,
          date: dates[index]!,
          window,
          now,
          ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
          ...(input.lanes ? { lanes: keepLaneIds(stream.state, newLaneIds[index]!) } : {}),
        },
      }),
    );
    return appendDecisions(dependencies, decisions, context);
  });
  return { dates, append };
}

function keepLaneIds(state: CalendarDateState, lanes: DateLane[]): DateLane[] {
  if (state.status !== 'active') return lanes;
  return lanes.map((lane, index) => ({ ...lane, id: state.lanes[index]?.id ?? lane.id }));
}

/** The single date editor: the date's flag and lanes; lanes sent with an id keep it, new ones get one. */
export async function updateDate(
  dependencies: CalendarDateDependencies,
  calendarId: number,
  date: string,
  input: { enabled: boolean; lanes: Lane[] },
  context: CommandContext,
) {
  const { window, now } = await batchFor(dependencies, calendarId);
  const fresh = await laneCopies(
    dependencies.knex,
    input.lanes.filter((lane) => lane.id === null),
    1,
  );
  const freshIds = (fresh[0] ?? []).map((lane) => lane.id);
  const lanes: DateLane[] = input.lanes.map((lane) => ({ ...lane, id: lane.id ?? freshIds.shift()! }));
  const append = await retryOnConflict(async () => {
    const stream = await loadStream(dependencies.store, calendarDateDecider, calendarDateStream(calendarId, date));
    if (stream.state.status === 'active') {
      const own = new Set(stream.state.lanes.map((lane) => lane.id));
      const foreign = input.lanes.find((lane) => lane.id !== null && !own.has(lane.id));
      if (foreign)
        throw new DomainError('VALIDATION_FAILED', 'A lane of another date cannot be sent here.', { field: 'lanes' });
    }
    return appendDecisions(
      dependencies,
      [
        decideOn(calendarDateDecider, stream, {
          type: 'UpdateCalendarDate',
          data: { calendarId, date, window, now, enabled: input.enabled, lanes },
        }),
      ],
      context,
    );
  });
  return { append };
}

export async function deleteDates(
  dependencies: CalendarDateDependencies,
  calendarId: number,
  dates: string[],
  context: CommandContext,
) {
  const { window, now } = await batchFor(dependencies, calendarId);
  const unique = uniqueSorted(dates);
  const append = await retryOnConflict(async () => {
    const loaded = await loadDates(dependencies, calendarId, unique);
    const decisions = loaded.map((stream, index) =>
      decideOn(calendarDateDecider, stream, {
        type: 'DeleteCalendarDate',
        data: { calendarId, date: unique[index]!, window, now },
      }),
    );
    return appendDecisions(dependencies, decisions, context);
  });
  return { deleted: unique.length, append };
}

/**
 * Moves fromDates[i] to toDates[i] with everything the date holds, in one append: each source records that it
 * moved away and each target receives the content. Targets must be free; a date may not be both. `notifyClients`:
 * staff ask for a notice of the move to the clients booked on the dates (issue 19).
 */
export async function moveDates(
  dependencies: CalendarDateDependencies,
  calendarId: number,
  fromDates: string[],
  toDates: string[],
  context: CommandContext,
  { notifyClients = false }: { notifyClients?: boolean } = {},
) {
  const { window, now } = await batchFor(dependencies, calendarId);
  if (fromDates.length !== toDates.length)
    throw new DomainError('DATES_MISMATCH', 'Choose as many target dates as source dates.', { field: 'toDates' });
  if (new Set(fromDates).size !== fromDates.length || new Set(toDates).size !== toDates.length) {
    throw new DomainError('VALIDATION_FAILED', 'A date appears twice.', { field: 'toDates' });
  }
  const overlap = toDates.find((date) => fromDates.includes(date));
  if (overlap)
    throw new DomainError('VALIDATION_FAILED', `${overlap} is both a source and a target.`, { field: 'toDates' });
  const append: AppendResult | null = await retryOnConflict(async () => {
    const sources = await loadDates(dependencies, calendarId, fromDates);
    const targets = await loadDates(dependencies, calendarId, toDates);
    const decisions: StreamDecision[] = [];
    sources.forEach((source, index) => {
      const fromDate = fromDates[index]!;
      const toDate = toDates[index]!;
      const away = decideOn(calendarDateDecider, source, {
        type: 'MoveCalendarDateAway',
        data: { calendarId, date: fromDate, toDate, window, now },
      });
      if (source.state.status !== 'active') return;
      // The target first: a store that writes stream by stream then never loses a date, at worst shows it twice.
      decisions.push(
        decideOn(calendarDateDecider, targets[index]!, {
          type: 'ReceiveCalendarDate',
          data: { calendarId, date: toDate, fromDate, content: contentOf(source.state), notifyClients, window, now },
        }),
        away,
      );
    });
    return appendDecisions(dependencies, decisions, context);
  });
  return { dates: [...toDates].sort(), append };
}
