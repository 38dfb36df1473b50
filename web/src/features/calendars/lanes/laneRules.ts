import { laneProblem, normaliseLane, type Lane } from '../../../../../domain/calendars/lane';
import { toSeconds } from '../../../../../domain/calendars/time-of-day';

/**
 * The lane editor's changes (§3 Lane, §5 Lane) on top of the domain's rules (normaliseLane, laneProblem): a change
 * making a lane start at or after its end is ignored; break and bookable slots outside the lane are dropped and
 * breaks are never bookable; the default duration is one of those on (the first if it was turned off); Add Lane
 * copies the last lane with a suffix (' copy') after its name; Delete Lane always keeps one lane.
 */

/** The API takes at most 20 lanes on a calendar or a date. */
export const MAX_LANES = 20;

/** A lane edit, applied by the domain's rules; a change making the lane start at or after its end is ignored (§5). */
export function changeLane(lane: Lane, patch: Partial<Omit<Lane, 'id' | 'name'>>): Lane {
  const next = { ...lane, ...patch };
  if (toSeconds(next.startTime) >= toSeconds(next.endTime)) return lane;
  // The name is kept as typed (normaliseLane trims it: a space typed at its end would vanish).
  return { ...normaliseLane(next), name: lane.name };
}

/** Turns one of §9's durations on or off; the default stays one of those on, the first if it was turned off. */
export function toggleDuration(lane: Lane, value: number, on: boolean): Lane {
  const durations = on
    ? [...lane.durations.filter((duration) => duration.value !== value), { value, label: '', isDefault: false }]
    : lane.durations.filter((duration) => duration.value !== value);
  return changeLane(lane, { durations });
}

export function setDefaultDuration(lane: Lane, value: number): Lane {
  return changeLane(lane, {
    durations: lane.durations.map((duration) => ({ ...duration, isDefault: duration.value === value })),
  });
}

export type SlotList = 'breakSlots' | 'bookableSlots';

/** Turns one slot time on or off in the breaks or the bookable slots (a break leaves the bookable ones). */
export function toggleSlot(lane: Lane, list: SlotList, time: string, on: boolean): Lane {
  const current = lane[list];
  return changeLane(lane, { [list]: on ? [...current, time] : current.filter((slot) => slot !== time) });
}

/** Add Lane (§2.3): a copy of the last lane, new (no id), its name followed by `suffix` (' copy'). */
export function addLane(lanes: readonly Lane[], suffix: string): Lane[] {
  const last = lanes.at(-1);
  if (!last || lanes.length >= MAX_LANES) return [...lanes];
  return [...lanes, { ...copyLane(last), id: null, name: `${last.name}${suffix}` }];
}

/** Delete Lane: at least one lane is always kept (§5). */
export function removeLane(lanes: readonly Lane[], index: number): Lane[] {
  return lanes.length <= 1 ? [...lanes] : lanes.filter((_lane, at) => at !== index);
}

/** A lane's own fields, copied (an API lane may carry more, such as a date's timeslots). */
function copyLane({ id, name, startTime, endTime, durations, slotInterval, bookableSlots, breakSlots }: Lane): Lane {
  return {
    id,
    name,
    startTime,
    endTime,
    durations: durations.map(({ value, label, isDefault }) => ({ value, label, isDefault })),
    slotInterval,
    bookableSlots: [...bookableSlots],
    breakSlots: [...breakSlots],
  };
}

/**
 * Lanes as the editor holds them: copies, normalised; without their ids when they will be new (a copied calendar,
 * dates being added).
 */
export function editableLanes(lanes: readonly Lane[], keepIds = true): Lane[] {
  return lanes.map((lane) => normaliseLane({ ...copyLane(lane), id: keepIds ? lane.id : null }));
}

/** What a set of lanes sends: each normalised (names trimmed). */
export const lanesToSave = (lanes: readonly Lane[]): Lane[] => lanes.map(normaliseLane);

// ---- problems ----

/** The messages of lane problems, under lanes.problems. */
export const LANE_PROBLEMS = [
  'lanesRequired',
  'laneNameRequired',
  'laneTimes',
  'laneIntervalInvalid',
  'laneDurationsRequired',
] as const;
export type LaneProblemKey = (typeof LANE_PROBLEMS)[number];

export const isLaneProblem = (key: string): key is LaneProblemKey => (LANE_PROBLEMS as readonly string[]).includes(key);

/** The problem keys of the domain's lane checks, by the lane property they name. */
const problemOfProperty: Record<string, LaneProblemKey> = {
  name: 'laneNameRequired',
  startTime: 'laneTimes',
  endTime: 'laneTimes',
  slotInterval: 'laneIntervalInvalid',
  durations: 'laneDurationsRequired',
};

/** The problem shown on a lane's property ('name', 'endTime'...), if the lane checks name it. */
export const laneProblemOf = (property: string): LaneProblemKey | undefined => problemOfProperty[property];

/**
 * Problems by field: 'lanes' when there is no lane, and each lane's first problem (§5 Lane, the domain's checks)
 * on its property, as 'lanes.1.endTime'.
 */
export function laneProblems(lanes: readonly Lane[]): Record<string, LaneProblemKey> {
  const problems: Record<string, LaneProblemKey> = {};
  if (lanes.length === 0) problems.lanes = 'lanesRequired';
  lanes.forEach((lane, index) => {
    const problem = laneProblem([lane]);
    const property = typeof problem?.details.field === 'string' ? problem.details.field.split('.')[2] : undefined;
    const key = property === undefined ? undefined : laneProblemOf(property);
    if (property && key) problems[`lanes.${index}.${property}`] = key;
  });
  return problems;
}

/** Problems of a lane's field, and those of the lanes after a removed one moved up by one. */
export function withoutLaneProblems<Problem>(
  problems: Readonly<Record<string, Problem>>,
  removed: number,
): Record<string, Problem> {
  const next: Record<string, Problem> = {};
  for (const [field, problem] of Object.entries(problems)) {
    const match = /^lanes\.(\d+)\.(.+)$/.exec(field);
    if (!match) next[field] = problem;
    else if (Number(match[1]) < removed) next[field] = problem;
    else if (Number(match[1]) > removed) next[`lanes.${Number(match[1]) - 1}.${match[2]}`] = problem;
  }
  return next;
}
