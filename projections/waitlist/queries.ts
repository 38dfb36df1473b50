import type { Knex } from 'knex';
import type { WaitlistEntryStatus, WaitlistOffer, WaitlistTarget } from '../../domain/waitlist/waitlist';

/** An entry of the read model `waitlist_entries`, with its target and its offer. */
export interface WaitlistEntryRecord {
  entryId: string;
  streamId: string;
  target: WaitlistTarget;
  serviceId: number;
  email: string;
  language: 'en' | 'fr';
  spots: number;
  duration: number | null;
  status: WaitlistEntryStatus;
  /** The order of joining within its target's line. */
  linePosition: number;
  joinedAt: string;
  /** The offer made to it, if any (kept once it is out of line). */
  offer: WaitlistOffer | null;
  /** A booking made under the offer's hold, seen before the offer is recorded taken. */
  takenByAppointmentId: number | null;
  /** The appointment that took the offer, once recorded taken. */
  appointmentId: number | null;
  updatedAt: string;
}

/** An entry as staff see it in a line: its place among those waiting or offered (null once out of line). */
export interface WaitlistLineItem {
  entryId: string;
  position: number | null;
  email: string;
  language: 'en' | 'fr';
  spots: number;
  duration: number | null;
  status: WaitlistEntryStatus;
  joinedAt: string;
  offerExpiresAt: string | null;
  appointmentId: number | null;
}

interface WaitlistEntryRow {
  entry_id: string;
  stream_id: string;
  calendar_id: number;
  series_id: number | null;
  date: string | null;
  service_id: number;
  email: string;
  language: 'en' | 'fr';
  spots: number;
  duration: number | null;
  status: WaitlistEntryStatus;
  line_position: string;
  joined_at: Date;
  hold_token: string | null;
  lane_id: number | null;
  start_time: string | null;
  end_time: string | null;
  offer_made_at: Date | null;
  offer_expires_at: Date | null;
  taken_by_appointment_id: number | null;
  appointment_id: number | null;
  updated_at: Date;
}

const targetOf = (row: WaitlistEntryRow): WaitlistTarget =>
  row.series_id !== null
    ? { kind: 'series', calendarId: row.calendar_id, seriesId: row.series_id }
    : { kind: 'date', calendarId: row.calendar_id, date: row.date! };

const offerOfRow = (row: WaitlistEntryRow): WaitlistOffer | null =>
  row.hold_token === null
    ? null
    : {
        entryId: row.entry_id,
        holdToken: row.hold_token,
        laneId: row.lane_id!,
        startTime: row.start_time,
        endTime: row.end_time,
        expiresAt: row.offer_expires_at!.toISOString(),
        madeAt: row.offer_made_at!.toISOString(),
      };

const toRecord = (row: WaitlistEntryRow): WaitlistEntryRecord => ({
  entryId: row.entry_id,
  streamId: row.stream_id,
  target: targetOf(row),
  serviceId: row.service_id,
  email: row.email,
  language: row.language,
  spots: row.spots,
  duration: row.duration,
  status: row.status,
  linePosition: Number(row.line_position),
  joinedAt: row.joined_at.toISOString(),
  offer: offerOfRow(row),
  takenByAppointmentId: row.taken_by_appointment_id,
  appointmentId: row.appointment_id,
  updatedAt: row.updated_at.toISOString(),
});

const ofTarget = (target: WaitlistTarget) =>
  target.kind === 'series'
    ? { calendar_id: target.calendarId, series_id: target.seriesId }
    : { calendar_id: target.calendarId, date: target.date };

/** A series' or a date's line for staff: every entry in the order of joining, those in line numbered from 1. */
export async function waitlistLine(knex: Knex, target: WaitlistTarget): Promise<WaitlistLineItem[]> {
  const rows = await knex('waitlist_entries')
    .where(ofTarget(target))
    .orderBy('line_position')
    .select<(WaitlistEntryRow & { position: string | null })[]>(
      '*',
      knex.raw(
        `case when status in ('waiting', 'offered') then row_number() over (
           partition by status in ('waiting', 'offered') order by line_position) end as position`,
      ),
    );
  return rows.map((row) => ({
    entryId: row.entry_id,
    position: row.position === null ? null : Number(row.position),
    email: row.email,
    language: row.language,
    spots: row.spots,
    duration: row.duration,
    status: row.status,
    joinedAt: row.joined_at.toISOString(),
    offerExpiresAt: row.offer_expires_at?.toISOString() ?? null,
    appointmentId: row.appointment_id,
  }));
}

/** The first entry still waiting of each target that has one (whom the offer process offers a freed place to). */
export async function firstWaitingEntries(knex: Knex): Promise<WaitlistEntryRecord[]> {
  const { rows } = await knex.raw<{ rows: WaitlistEntryRow[] }>(
    `select distinct on (stream_id) * from waitlist_entries where status = 'waiting'
     order by stream_id, line_position`,
  );
  return rows.map(toRecord);
}

/** Offers still open in the read model that are settled all the same: booked under their hold, or run out at `now`. */
export async function offersToSettle(knex: Knex, now: string): Promise<WaitlistEntryRecord[]> {
  const rows = await knex('waitlist_entries')
    .where({ status: 'offered' })
    .andWhere((query) => query.whereNotNull('taken_by_appointment_id').orWhere('offer_expires_at', '<=', now))
    .orderBy([{ column: 'offer_expires_at' }, { column: 'entry_id' }])
    .select<WaitlistEntryRow[]>('*');
  return rows.map(toRecord);
}

/** The entry offered a place under `holdToken` (whatever its standing now), or undefined. */
export async function findOfferByHoldToken(knex: Knex, holdToken: string): Promise<WaitlistEntryRecord | undefined> {
  const row = await knex('waitlist_entries').where({ hold_token: holdToken }).first<WaitlistEntryRow | undefined>();
  return row && toRecord(row);
}

/** An entry by its id (a uuid), or undefined. */
export async function findWaitlistEntry(knex: Knex, entryId: string): Promise<WaitlistEntryRecord | undefined> {
  const row = await knex('waitlist_entries').where({ entry_id: entryId }).first<WaitlistEntryRow | undefined>();
  return row && toRecord(row);
}
