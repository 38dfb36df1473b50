/**
 * Replay into every read model: the log grown to `events` with copies of a real busy date of the run (its
 * CalendarDateAdded and every lock, release and booking the load made on it), each copy on a date of its own with
 * its own tokens, appointment ids and confirmation codes; then every projection rebuilt from the whole log, read once
 * for all of them, as `npm run projections:rebuild` does. Run with the app stopped, so that nothing else projects.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { PostgresEventStore } from '../../../commands/event-store/postgres';
import { connectDatabase } from '../../../commands/infrastructure/database';
import { calendarDateStream } from '../../../domain/calendar-dates/calendar-date';
import { addDays } from '../../../domain/shared/plain-date';
import { allProjections } from '../../../projections/index';
import { rebuildProjections } from '../../../projections/runner/rebuild';

interface TemplateEvent {
  type: string;
  schema_version: number;
  data: Record<string, unknown>;
  metadata: unknown;
}

export interface ReplayFigures {
  events: number;
  seconds: number;
  /** Read models rebuilt. */
  readModels: number;
}

const CHUNK = 5_000;
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function confirmationCode(serial: number): string {
  let code = '';
  for (let value = serial, index = 0; index < 10; index++, value = Math.floor(value / CODE_ALPHABET.length))
    code += CODE_ALPHABET[value % CODE_ALPHABET.length];
  return code;
}

/** Appends copies of the busiest date until the log holds `events`; answers how many it holds. */
async function growLog(client: pg.Client, events: number): Promise<number> {
  const { rows: busiest } = await client.query<{ stream_id: string; calendar_id: number }>(
    `select stream_id, (data->>'calendarId')::int as calendar_id from es_events where type = 'AppointmentBooked'
      group by 1, 2 order by count(*) desc limit 1`,
  );
  if (!busiest[0]) throw new Error('replay: no booking in the log to copy');
  const { stream_id: streamId, calendar_id: calendarId } = busiest[0];
  const { rows: template } = await client.query<TemplateEvent>(
    `select type, schema_version, data, metadata from es_events where stream_id = $1 and type in ('CalendarDateAdded', 'SlotLocked', 'SlotReleased', 'AppointmentBooked')
      order by stream_revision`,
    [streamId],
  );
  let total = Number((await client.query<{ n: string }>('select count(*) as n from es_events')).rows[0]!.n);
  const rows = {
    streams: [] as string[],
    revisions: [] as number[],
    ids: [] as string[],
    types: [] as string[],
    versions: [] as number[],
    data: [] as string[],
    metadata: [] as string[],
  };
  const flush = async () => {
    if (rows.ids.length === 0) return;
    await client.query(
      `insert into es_events (stream_id, stream_revision, event_id, type, schema_version, data, metadata)
       select * from unnest($1::text[], $2::bigint[], $3::uuid[], $4::text[], $5::int[], $6::jsonb[], $7::jsonb[])`,
      [rows.streams, rows.revisions, rows.ids, rows.types, rows.versions, rows.data, rows.metadata],
    );
    for (const list of Object.values(rows)) list.length = 0;
  };
  let serial = 0;
  for (let copy = 0; total < events; copy++) {
    const copyDate = addDays('2031-01-01', copy);
    const stream = calendarDateStream(calendarId, copyDate);
    await client.query('insert into es_streams (stream_id, revision) values ($1, $2)', [stream, template.length - 1]);
    const tokens = new Map<string, string>();
    template.forEach((event, revision) => {
      const data: Record<string, unknown> = { ...event.data, date: copyDate };
      if (event.type === 'CalendarDateAdded') data.calendarDateId = 50_000_000 + copy;
      for (const field of ['token', 'lockToken'] as const) {
        const token = data[field];
        if (typeof token === 'string') data[field] = tokens.get(token) ?? tokens.set(token, randomUUID()).get(token)!;
      }
      if (event.type === 'SlotLocked') data.expiredTokens = [];
      if (event.type === 'AppointmentBooked') {
        serial += 1;
        data.appointmentId = 100_000_000 + serial;
        data.confirmationCode = confirmationCode(serial);
      }
      rows.streams.push(stream);
      rows.revisions.push(revision);
      rows.ids.push(randomUUID());
      rows.types.push(event.type);
      rows.versions.push(event.schema_version);
      rows.data.push(JSON.stringify(data));
      rows.metadata.push(JSON.stringify(event.metadata));
    });
    total += template.length;
    if (rows.ids.length >= CHUNK) await flush();
  }
  await flush();
  await client.query('vacuum analyze es_events, es_streams');
  return total;
}

export async function measureReplay(
  databaseUrl: string,
  events: number,
  progress: (message: string) => void,
): Promise<ReplayFigures> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let total: number;
  try {
    total = await growLog(client, events);
  } finally {
    await client.end();
  }
  const database = connectDatabase(databaseUrl);
  try {
    const store = new PostgresEventStore(database.pool, databaseUrl);
    progress(`replay: rebuilding ${allProjections.length} read models from ${total.toLocaleString('en-US')} events`);
    const started = performance.now();
    const read = await rebuildProjections(allProjections, { store, knex: database.knex, batchSize: 2_000 });
    const seconds = (performance.now() - started) / 1000;
    for (const projection of allProjections) {
      const { rows } = await database.pool.query<{ n: string }>(
        'select count(*) as n from es_events where type = any($1::text[])',
        [projection.eventTypes],
      );
      if (read.get(projection.name) !== Number(rows[0]!.n))
        throw new Error(
          `replay: ${projection.name} read ${read.get(projection.name)} events, ${rows[0]!.n} of its types in the log`,
        );
    }
    return { events: total, seconds, readModels: allProjections.length };
  } finally {
    await database.close();
  }
}
