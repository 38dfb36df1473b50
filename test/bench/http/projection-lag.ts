/**
 * Projection lag: from the commit of a lock or booking (its event's recorded_at in the store) until a client polling
 * the read side sees it, in public availability (the locked time is gone) and in the staff day view (the booked
 * appointment is on its timeslot). Measured while a lock+book load runs.
 *
 * Public availability shows a time while any lane has it free, so on the probe date 7 of the 8 lanes of each time are
 * locked beforehand (the bench calendar's locks last an hour) and each probe takes the 8th.
 * A poll that sees the change counts at the middle of its request; two pollers per view run back to back.
 */
import pg from 'pg';
import { percentile } from '../report';
import { request } from '../../support/http';
import { bookingBody, type Slot } from './setup';

export interface LagFigures {
  probes: number;
  publicP50Ms: number | null;
  publicP99Ms: number | null;
  staffP50Ms: number | null;
  staffP99Ms: number | null;
  /** Mean time of one poll: the resolution of the figures above. */
  publicPollMs: number | null;
  staffPollMs: number | null;
}

const wallNow = () => performance.timeOrigin + performance.now();

async function lockOrThrow(appUrl: string, serviceId: number, slot: Slot): Promise<string> {
  const answer = await request(appUrl, 'POST', '/api/public/locks', {
    calendarDateLaneId: slot.calendarDateLaneId,
    startTime: slot.startTime,
    endTime: slot.endTime,
    serviceId,
  });
  if (answer.status !== 201) throw new Error(`lag probe: lock answered ${answer.status} ${answer.text}`);
  return answer.json.token as string;
}

/** Locks all but the last lane of every time of the probe date. Answers the slots of the last lane, one per time. */
export async function prepareLagDate(appUrl: string, serviceId: number, slots: Slot[]): Promise<Slot[]> {
  const lastLane = Math.max(...slots.map((slot) => slot.calendarDateLaneId));
  const others = slots.filter((slot) => slot.calendarDateLaneId !== lastLane);
  for (let index = 0; index < others.length; index += 8)
    await Promise.all(others.slice(index, index + 8).map((slot) => lockOrThrow(appUrl, serviceId, slot)));
  return slots.filter((slot) => slot.calendarDateLaneId === lastLane);
}

/** Polls with two back-to-back loops until `seen` holds; answers the wall time it was first seen and the poll times. */
async function pollUntil(poll: () => Promise<boolean>, stopAt: number, pollTimes: number[]): Promise<number | null> {
  let seenAt: number | null = null;
  const loop = async () => {
    while (seenAt === null && wallNow() < stopAt) {
      const started = wallNow();
      const seen = await poll();
      const ended = wallNow();
      pollTimes.push(ended - started);
      if (seen) seenAt = Math.min(seenAt ?? Infinity, (started + ended) / 2);
    }
  };
  await Promise.all([loop(), loop()]);
  return seenAt;
}

export async function measureProjectionLag(
  appUrl: string,
  databaseUrl: string,
  bench: { serviceId: number; calendarId: number; adminHeaders: Record<string, string>; availabilityPath: string },
  probeSlots: Slot[],
  { until }: { until: number },
): Promise<LagFigures> {
  // When each probe's event was seen; their commit times are looked up once the probes are done (a lookup scans the
  // log: between probes it would add to what they measure).
  const publicSeenAt = new Map<string, number>();
  const staffSeenAt = new Map<string, number>();
  const publicPolls: number[] = [];
  const staffPolls: number[] = [];
  for (const [index, slot] of probeSlots.entries()) {
    if (wallNow() > until) break;
    const stopAt = wallNow() + 15_000;
    const goneFromPublic = pollUntil(
      async () => {
        const items = (await request(appUrl, 'GET', bench.availabilityPath)).json.items as {
          date: string;
          timeslots: { time: string }[];
        }[];
        return !items
          .find((date) => date.date === slot.date)
          ?.timeslots.some((timeslot) => timeslot.time === slot.startTime);
      },
      stopAt,
      publicPolls,
    );
    const token = await lockOrThrow(appUrl, bench.serviceId, slot);
    const publicSeen = await goneFromPublic;
    if (publicSeen !== null) publicSeenAt.set(token, publicSeen);

    const onStaffDayView = pollUntil(
      async () => {
        const date = (
          await request(
            appUrl,
            'GET',
            `/api/calendars/${bench.calendarId}/dates/${slot.date}?timeslots=true`,
            undefined,
            bench.adminHeaders,
          )
        ).json as {
          lanes: { id: number; timeslots: { time: string; appointmentId: number | null }[] }[];
        };
        const lane = date.lanes.find((candidate) => candidate.id === slot.calendarDateLaneId);
        return (
          lane?.timeslots.some((timeslot) => timeslot.time === slot.startTime && timeslot.appointmentId !== null) ??
          false
        );
      },
      stopAt,
      staffPolls,
    );
    const booked = await request(
      appUrl,
      'POST',
      '/api/public/appointments',
      bookingBody(token, bench.serviceId, 1_000_000 + index),
    );
    if (booked.status !== 201) throw new Error(`lag probe: booking answered ${booked.status} ${booked.text}`);
    const staffSeen = await onStaffDayView;
    if (staffSeen !== null) staffSeenAt.set(booked.json.confirmationCode as string, staffSeen);
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const lags = async (type: string, field: string, seenAt: Map<string, number>) => {
    const { rows } = await client.query<{ value: string; at: Date }>(
      'select data->>$2 as value, recorded_at as at from es_events where type = $1 and data->>$2 = any($3::text[])',
      [type, field, [...seenAt.keys()]],
    );
    if (rows.length !== seenAt.size) throw new Error(`lag probe: ${seenAt.size - rows.length} ${type} events missing`);
    return rows.map((row) => Math.max(0, seenAt.get(row.value)! - row.at.getTime()));
  };
  let publicLags: number[];
  let staffLags: number[];
  try {
    publicLags = await lags('SlotLocked', 'token', publicSeenAt);
    staffLags = await lags('AppointmentBooked', 'confirmationCode', staffSeenAt);
  } finally {
    await client.end();
  }
  const mean = (values: number[]) =>
    values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : null;
  return {
    probes: Math.min(publicLags.length, staffLags.length),
    publicP50Ms: percentile(publicLags, 50),
    publicP99Ms: percentile(publicLags, 99),
    staffP50Ms: percentile(staffLags, 50),
    staffP99Ms: percentile(staffLags, 99),
    publicPollMs: mean(publicPolls),
    staffPollMs: mean(staffPolls),
  };
}
